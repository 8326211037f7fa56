import { NewsletterLinkPage } from "../../features/newsletter/newsletter-link-page";

/** The confirm link of the newsletter's confirmation mail. */
export function Component() {
  return <NewsletterLinkPage action="confirm" />;
}
