/**
 * The domain a visitor came from, as kept: the referrer's host name only (lower case, without a
 * leading `www.`), never our own site's; null for none, our own, or anything not http(s).
 */
export function referrerDomain(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const domain = url.hostname.toLowerCase().replace(/^www\./, "");
  const own = ownHost.toLowerCase().replace(/^www\./, "");
  if (domain === "" || domain === own || domain.length > 253) return null;
  return domain;
}
