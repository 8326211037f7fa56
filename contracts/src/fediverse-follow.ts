// Following the club from another fediverse server: what the follow box and the server's
// remote-follow route share. No zod here: the follow box is in every page's footer.

/**
 * A server on the fediverse, as a visitor types it in the remote-follow form: a host name
 * (`mastodon.social`, `social.example.org:8443`), with or without `https://` and a trailing `/`.
 * Letters, digits and hyphens in dot-separated labels, at least two labels, an optional port.
 */
const INSTANCE_HOST =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(?::\d{1,5})?$/;

export const INSTANCE_MESSAGE = "Enter your server's address, like mastodon.social";

/**
 * The host name of the visitor's instance, or null when the text is not one. Leading and trailing
 * spaces, `https://` and a trailing `/` are taken off; `http://`, a path, a user (`@me@host`) or
 * anything but a host name are not an instance address.
 */
export function instanceHost(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https:\/\//, "")
    .replace(/\/$/, "");
  if (!INSTANCE_HOST.test(host)) return null;
  const port = host.includes(":") ? Number(host.split(":")[1]) : 443;
  return port >= 1 && port <= 65_535 ? host : null;
}

/**
 * Where a visitor follows an account from their own instance: its `authorize_interaction` page,
 * Mastodon's (most of the fediverse's people are on Mastodon), given the account's `acct:` address.
 * The only address the remote-follow form leads to.
 */
export function remoteFollowUrl(host: string, handle: string): string {
  return `https://${host}/authorize_interaction?uri=${encodeURIComponent(`acct:${handle.replace(/^@/, "")}`)}`;
}

/**
 * The remote-follow form's address on this site, for a visitor whose browser runs no script (with
 * it, the form goes to the instance directly): `?instance=<host>[&show=<slug>]`.
 */
export const REMOTE_FOLLOW_PATH = "/fediverse/follow";
