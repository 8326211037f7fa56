import { useMutation } from "@tanstack/react-query";
import type { NewsletterLinkOutcome } from "@waveform/contracts/newsletter";
import { pageTitles } from "@waveform/contracts/page-titles";
import { Link, useSearchParams } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { Button } from "../../components/ui/button";
import { apiRequest } from "../../lib/api/request";
import { notify } from "../../lib/notify";
import { siteConfig } from "../../lib/site-config";
import { newsletterNotices } from "./newsletter-notice";

const actions = {
  confirm: {
    title: pageTitles.newsletterConfirm,
    text: () => `Press the button to start getting the ${siteConfig.name} newsletter.`,
    button: "Confirm subscription",
    pending: "Confirming...",
    endpoint: "confirmNewsletter",
    action: "/api/newsletter/confirm",
  },
  unsubscribe: {
    title: pageTitles.newsletterUnsubscribe,
    text: () => `Press the button and we'll stop sending you the ${siteConfig.name} newsletter.`,
    button: "Unsubscribe",
    pending: "Unsubscribing...",
    endpoint: "unsubscribeFromNewsletter",
    action: "/api/newsletter/unsubscribe",
  },
} as const;

/**
 * The page a link of the confirmation mail opens. Opening it changes nothing (mail scanners follow
 * links); the button POSTs the link's token (a plain form post without JavaScript), and the outcome
 * is shown in the page's status area.
 */
export function NewsletterLinkPage({ action }: { action: keyof typeof actions }) {
  const copy = actions[action];
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const request = useMutation({
    // The contract (and zod) loads with the press, not with the page.
    mutationFn: async () =>
      apiRequest((await import("@waveform/contracts/newsletter"))[copy.endpoint], { body: { token } }),
    onError: (error) => {
      void notify("error", "Something went wrong", { description: error.message });
    },
  });
  // Without JavaScript the form posts itself and the server sends the browser back with ?outcome=.
  const posted = params.get("outcome");
  const outcome: NewsletterLinkOutcome | undefined =
    posted && Object.hasOwn(newsletterNotices, posted)
      ? (posted as NewsletterLinkOutcome)
      : token
        ? request.data?.outcome
        : "invalid-link";
  const notice = outcome ? newsletterNotices[outcome] : undefined;

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <PageHead title={copy.title} noindex />
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{copy.title}</h1>
      {!outcome && (
        <form
          method="post"
          action={copy.action}
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate();
          }}
        >
          <p className="mt-3 text-lg text-muted-foreground">{copy.text()}</p>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg" className="mt-8" disabled={request.isPending}>
            {request.isPending ? copy.pending : copy.button}
          </Button>
        </form>
      )}
      <div role="status" className="mt-6">
        {notice && (
          <div className="rounded-2xl border bg-card p-6">
            <h2 className="font-semibold text-xl">{notice[1]}</h2>
            <p className="mt-2 text-muted-foreground">{notice[2]}</p>
            <Button asChild variant="outline" className="mt-6">
              <Link to="/">Back to Home</Link>
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
