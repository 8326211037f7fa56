import type { MailSite } from "./issue-mail";

export interface MailHeadersSite extends MailSite {
  /** The mailto of List-Unsubscribe. */
  mailto: string;
}

export const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

/** List-Id (RFC 2919): a phrase and an id under the site's host name. */
const listId = (site: MailSite) =>
  `"${site.name.replace(/[^\x20-\x7e]|["\\]/g, "")} newsletter" <newsletter.${hostOf(site.publicUrl)}>`;

/** The per-recipient headers of a list mail: RFC 8058 one-click (https + mailto), RFC 2919 List-Id. */
export function listHeaders(site: MailHeadersSite, oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>, <mailto:${site.mailto}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": listId(site),
  };
}
