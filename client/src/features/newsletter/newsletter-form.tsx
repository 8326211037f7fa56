import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import {
  CONSENT_LABEL,
  CONSENT_MESSAGE,
  EMAIL_MESSAGE,
  NEWSLETTER_SIGNUP_OUTCOMES,
  type NewsletterSignupOutcome,
  type NewsletterSubscribeInput,
  NewsletterSubscribeSchema,
  subscribeToNewsletter,
} from "@waveform/contracts/newsletter";
import { Mail } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { apiSend } from "../../lib/api/request";
import { notify } from "../../lib/notify";
import { paths } from "../../lib/paths";
import { useSiteImage } from "../../lib/site-images";

/** A signup posted as a form (no script yet, or none), as the page it returns to shows it. */
const SIGNUP_NOTICES: Record<NewsletterSignupOutcome, { failed: boolean; title: string; text: string }> = {
  subscribed: {
    failed: false,
    title: "Subscription successful!",
    text: "You've been added to our newsletter.",
  },
  "invalid-email": { failed: true, title: "Subscription failed", text: EMAIL_MESSAGE },
  "needs-consent": { failed: true, title: "Subscription failed", text: CONSENT_MESSAGE },
  "rate-limited": {
    failed: true,
    title: "Subscription failed",
    text: "Too many signups from your address. Please try again in a minute.",
  },
};

function SignupNotice({ outcome }: { outcome: NewsletterSignupOutcome }) {
  const { failed, title, text } = SIGNUP_NOTICES[outcome];
  return (
    <div
      role={failed ? "alert" : "status"}
      className={failed ? "mt-4 rounded-lg border border-destructive/50 p-3" : "mt-4 rounded-lg border p-3"}
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{text}</p>
    </div>
  );
}

/**
 * The home page's newsletter signup, validated by the same schema as the server. The
 * form also posts without JavaScript (its endpoint answers a form post with this page and `?signup=`):
 * until the page's code runs, the browser checks the fields itself (required, type=email); once it
 * runs, the schema's messages take over (noValidate) and the answer is a toast.
 */
export function NewsletterSignup() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const signup = params.get("signup");
  const posted = NEWSLETTER_SIGNUP_OUTCOMES.find((outcome) => outcome === signup);
  const formElement = useRef<HTMLFormElement>(null);
  // As the form hydrates (a layout effect: before a tap held until then is replayed), the schema's
  // messages take over from the browser's.
  useLayoutEffect(() => {
    if (formElement.current) formElement.current.noValidate = true;
  }, []);
  const background = useSiteImage("newsletter-background", "/fallback/wide.svg");
  const form = useForm<NewsletterSubscribeInput>({
    resolver: zodResolver(NewsletterSubscribeSchema),
    defaultValues: { email: "", agreeToTerms: false },
  });
  const { errors } = form.formState;
  const subscription = useMutation({
    mutationFn: (input: NewsletterSubscribeInput) =>
      apiSend(subscribeToNewsletter, { body: { ...input, sourcePage: pathname } }),
    onSuccess: () => {
      form.reset();
      void notify("success", "Subscription successful!", {
        description: "You've been added to our newsletter.",
      });
    },
    onError: (error) => {
      // This toast shows the error's own message, `<status>: <response text>`, as sent.
      void notify("error", "Subscription failed", { description: error.message });
    },
  });

  return (
    <section aria-labelledby="newsletter-heading" className="relative overflow-hidden rounded-3xl border">
      {background && (
        <FallbackImage
          src={background}
          fallback="/fallback/wide.svg"
          alt=""
          width={1600}
          height={900}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <div className="relative bg-background/85 p-6 sm:p-10">
        <div className="max-w-xl">
          <Mail className="size-8 text-primary" aria-hidden="true" />
          <h2 id="newsletter-heading" className="mt-3 scroll-mt-24 font-bold text-3xl tracking-tight">
            Get the Newsletter
          </h2>
          <p className="mt-2 text-muted-foreground">
            New playlists, release picks and podcast episodes in your inbox every Friday.
          </p>
          {posted && <SignupNotice outcome={posted} />}
          <form
            ref={formElement}
            method="post"
            action={subscribeToNewsletter.path}
            className="mt-6 space-y-4"
            onSubmit={form.handleSubmit((values) => subscription.mutate(values))}
          >
            <input type="hidden" name="sourcePage" value={pathname} />
            <div className="space-y-1.5">
              <label htmlFor="newsletter-email" className="font-medium text-sm">
                Email address
              </label>
              <Input
                id="newsletter-email"
                type="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? "newsletter-email-error" : undefined}
                {...form.register("email")}
              />
              {errors.email && (
                <p id="newsletter-email-error" className="text-destructive text-sm dark:text-red-400">
                  {errors.email.message}
                </p>
              )}
            </div>
            <div className="space-y-1.5">
              <div className="flex items-start gap-2">
                <input
                  id="newsletter-consent"
                  type="checkbox"
                  required
                  className="mt-0.5 size-4 accent-[var(--primary)]"
                  aria-invalid={errors.agreeToTerms ? true : undefined}
                  aria-describedby={errors.agreeToTerms ? "newsletter-consent-error" : undefined}
                  {...form.register("agreeToTerms")}
                />
                <label htmlFor="newsletter-consent" className="text-sm">
                  {CONSENT_LABEL}
                </label>
              </div>
              {errors.agreeToTerms && (
                <p id="newsletter-consent-error" className="text-destructive text-sm dark:text-red-400">
                  {errors.agreeToTerms.message}
                </p>
              )}
            </div>
            <Button type="submit" disabled={subscription.isPending}>
              {subscription.isPending ? "Subscribing..." : "Subscribe"}
            </Button>
          </form>
          <p className="mt-6 text-sm">
            <Link
              to={paths.newsletterIssues}
              className="font-medium text-primary underline underline-offset-4"
            >
              Read past issues in the archive
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
