import { createHash } from "node:crypto";

/** A strong ETag for a body: the same bytes always give the same tag, across processes too. */
export function etagFor(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * The opaque tags of an entity-tag list (RFC 9110 §8.8.3 and §5.6.1): each element optionally W/
 * (case-sensitive), then a quoted tag, which may itself hold commas; elements are separated by
 * commas with optional spaces, and empty elements are allowed. Null when the value is not such a
 * list: a header we cannot read matches nothing, and a full answer is always safe.
 */
function opaqueTags(value: string): string[] | null {
  const element = /[ \t]*(?:(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?[ \t]*(,|$)/y;
  const tags: string[] = [];
  while (element.lastIndex < value.length) {
    const match = element.exec(value);
    if (!match) return null;
    if (match[1] !== undefined) tags.push(match[1]);
    if (match[2] === "") break;
  }
  return tags;
}

/**
 * Whether an If-None-Match header matches the current representation's ETag (RFC 9110 §13.1.2),
 * i.e. whether a GET may answer 304: "*" matches any representation, otherwise any listed tag whose
 * opaque part equals ours, weak (W/) or not on either side, since If-None-Match uses weak comparison.
 * Absent, empty or unreadable headers match nothing. Several header lines count as one list.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(", ") : header;
  if (value.trim() === "*") return true;
  const [ours] = opaqueTags(etag) ?? [];
  if (ours === undefined) return false;
  return opaqueTags(value)?.includes(ours) ?? false;
}
