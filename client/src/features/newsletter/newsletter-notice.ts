import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../../lib/notify";

const notices = {
  confirmed: ["success", "Subscription confirmed", "Thanks! Our next newsletter is on its way to you."],
  unsubscribed: ["success", "You've been unsubscribed", "You won't get any more newsletters from us."],
  "invalid-link": ["error", "That link doesn't work", "It has expired or was already used."],
} as const;

/** Shows the outcome of a confirm / unsubscribe link (/?newsletter=…) once, then tidies the address. */
export function useNewsletterNotice(): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("newsletter");
  useEffect(() => {
    if (!outcome || !(outcome in notices)) return;
    const [kind, title, description] = notices[outcome as keyof typeof notices];
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
