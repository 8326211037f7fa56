import { NewsletterLinkPage } from "../../features/newsletter/newsletter-link-page";

/** The unsubscribe link of the newsletter's mails. */
export function Component() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
