import type { NewsletterLinkOutcome } from "@waveform/contracts/newsletter";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../../lib/notify";

/** The outcome of a mail's confirm / unsubscribe link, as the site words it (kind, title, description). */
export const newsletterNotices = {
  confirmed: ["success", "Subscription confirmed", "Thanks! Our next newsletter is on its way to you."],
  unsubscribed: ["success", "You've been unsubscribed", "You won't get any more newsletters from us."],
  "invalid-link": ["error", "That link doesn't work", "It has expired or was already used."],
} as const satisfies Record<NewsletterLinkOutcome, readonly [string, string, string]>;

/**
 * Shows an outcome passed as /?newsletter=… once, then tidies the address (the confirm and
 * unsubscribe links of mails sent before the newsletter pages landed on the home page this way).
 */
export function useNewsletterNotice(): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("newsletter");
  useEffect(() => {
    if (!outcome || !(outcome in newsletterNotices)) return;
    const [kind, title, description] = newsletterNotices[outcome as NewsletterLinkOutcome];
    void notify(kind, title, { description });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("newsletter");
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}
