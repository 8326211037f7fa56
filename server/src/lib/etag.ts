import { createHash } from "node:crypto";

/** A strong ETag for a body: the same bytes always give the same tag, across processes too. */
export function etagFor(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * The longest If-None-Match value read, all its lines together. A browser sends one tag, a cache a
 * few; a longer value matches nothing, and the full answer it then gets is always correct.
 */
export const IF_NONE_MATCH_MAX_LENGTH = 8 * 1024;

const SPACE = 0x20;
const TAB = 0x09;
const COMMA = 0x2c;
const QUOTE = 0x22;

/** etagc (RFC 9110 §8.8.3): `!`, `#`–`~` and obs-text (Node reads header bytes as latin1). */
const isEtagc = (code: number) =>
  code === 0x21 || (code >= 0x23 && code <= 0x7e) || (code >= 0x80 && code <= 0xff);

/**
 * The opaque tags of an entity-tag list (RFC 9110 §8.8.3 and §5.6.1): each element optionally W/
 * (case-sensitive), then a quoted tag, which may itself hold commas; elements are separated by
 * commas with optional spaces, and empty elements are allowed. Null when the value is not such a
 * list: a header we cannot read matches nothing, and a full answer is always safe. One pass over
 * the text, each character looked at once (a backtracking expression took quadratic time on a
 * long run of spaces).
 */
function opaqueTags(value: string): string[] | null {
  const tags: string[] = [];
  const end = value.length;
  let at = 0;
  const skipSpaces = () => {
    while (at < end && (value.charCodeAt(at) === SPACE || value.charCodeAt(at) === TAB)) at++;
  };
  for (;;) {
    skipSpaces();
    if (at === end) return tags;
    if (value.charCodeAt(at) === COMMA) {
      at++; // an empty element
      continue;
    }
    if (value.startsWith("W/", at)) at += 2;
    if (value.charCodeAt(at) !== QUOTE) return null;
    const opaque = ++at;
    while (at < end && isEtagc(value.charCodeAt(at))) at++;
    if (value.charCodeAt(at) !== QUOTE) return null;
    tags.push(value.slice(opaque, at++));
    skipSpaces();
    if (at === end) return tags;
    if (value.charCodeAt(at++) !== COMMA) return null;
  }
}

/**
 * Whether an If-None-Match header matches the current representation's ETag (RFC 9110 §13.1.2),
 * i.e. whether a GET may answer 304: "*" matches any representation, otherwise any listed tag whose
 * opaque part equals ours, weak (W/) or not on either side, since If-None-Match uses weak comparison.
 * Absent, empty, unreadable and over-long (IF_NONE_MATCH_MAX_LENGTH) headers match nothing. Several
 * header lines count as one list.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(", ") : header;
  if (value.length > IF_NONE_MATCH_MAX_LENGTH) return false;
  if (value.trim() === "*") return true;
  const [ours] = opaqueTags(etag) ?? [];
  if (ours === undefined) return false;
  return opaqueTags(value)?.includes(ours) ?? false;
}
