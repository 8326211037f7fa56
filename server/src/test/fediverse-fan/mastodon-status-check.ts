/**
 * What Mastodon (4.x) needs of a `Create` to show its object as a status in a timeline, written
 * down as checks on the JSON that goes over the wire. Mastodon drops a Create whose object's `id`
 * is on another host than the activity's actor, an object type it does not turn into statuses, an
 * object it cannot attribute to the actor (`attributedTo`, needed too when it fetches a boosted
 * post by its address), and reads visibility from `to`/`cc` (the Public collection, spelt in full,
 * `as:Public` or `Public`), the date from `published`, the link people open from `url` (a string,
 * or a Link whose `href` is the page), the text from `content`, an Article's title from `name`,
 * and at most four attachments, each with a `url` and a `mediaType` it knows the kind of.
 */

type Json = Record<string, unknown>;

const PUBLIC = new Set(["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"]);
const STATUS_TYPES = new Set(["Note", "Article", "Question", "Page", "Image", "Video", "Audio", "Event"]);
const MEDIA_KINDS = /^(?:image|video|audio)\//;
/** Mastodon keeps the first four attachments of a status. */
const MAX_ATTACHMENTS = 4;

const asArray = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** An address given as a string, or as an object with an `id` (or a Link's `href`). */
function addressOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const object = value as Json;
    if (typeof object.id === "string") return object.id;
    if (typeof object.href === "string") return object.href;
  }
  return undefined;
}

function hostOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return new URL(address).host;
  } catch {
    return undefined;
  }
}

const isHttpUrl = (address: string | undefined) => /^https?:\/\/\S+$/.test(address ?? "");

/** Mastodon's `url`: a string, or the first Link (or list of Links) with an href, text/html preferred. */
function pageUrlOf(value: unknown): string | undefined {
  const links = asArray(value);
  const html = links.find(
    (link) => link && typeof link === "object" && (link as Json).mediaType === "text/html",
  );
  return addressOf(html ?? links[0]);
}

/** The problems Mastodon would have with the object of this Create: none means it shows it. */
export function mastodonStatusProblems(activity: Json): string[] {
  const problems: string[] = [];
  if (activity.type !== "Create") problems.push(`the activity is a ${String(activity.type)}, not a Create`);
  if (typeof activity.id !== "string") problems.push("the activity has no id");
  const actor = addressOf(activity.actor);
  if (!actor) problems.push("the activity has no actor");
  const object = activity.object;
  if (!object || typeof object !== "object") {
    problems.push("the object is not embedded in the Create");
    return problems;
  }
  problems.push(...mastodonObjectProblems(object as Json, actor));
  return problems;
}

/**
 * The problems Mastodon would have with a post on its own: what a Create carries, and what
 * Mastodon fetches when it sees a boost of the post by its address (then `actor` is the
 * attributed account, checked to be on the post's host).
 */
export function mastodonObjectProblems(object: Json, actor?: string): string[] {
  const problems: string[] = [];
  const type = String(object.type);
  if (!STATUS_TYPES.has(type)) problems.push(`a ${type} is not something Mastodon shows as a status`);
  const id = addressOf(object.id);
  if (!isHttpUrl(id)) problems.push("the object has no http(s) id");
  const attributedTo = addressOf(asArray(object.attributedTo)[0]);
  if (!attributedTo) problems.push("the object has no attributedTo");
  else if (actor && attributedTo !== actor)
    problems.push("the object is attributed to someone else than the actor");
  if (hostOf(id) !== hostOf(actor ?? attributedTo)) {
    problems.push("the object's id is not on the host of the account that posts it");
  }
  const to = asArray(object.to).map(addressOf);
  const cc = asArray(object.cc).map(addressOf);
  if (!to.some((address) => address !== undefined && PUBLIC.has(address))) {
    problems.push("`to` does not name the Public collection (the post would not be public)");
  }
  if (cc.length === 0) problems.push("`cc` is empty (the followers collection goes there)");
  if (typeof object.published !== "string" || Number.isNaN(Date.parse(object.published))) {
    problems.push("the object has no `published` date");
  }
  if (!isHttpUrl(pageUrlOf(object.url))) problems.push("the object has no `url` to open");
  const content = typeof object.content === "string" ? object.content : undefined;
  const contentMap =
    object.contentMap && typeof object.contentMap === "object" ? object.contentMap : undefined;
  if (!content?.trim() && !contentMap) problems.push("the object has no `content`");
  if (type === "Article" && (typeof object.name !== "string" || object.name.trim() === "")) {
    problems.push("an Article needs a `name` (its title)");
  }
  const attachments = asArray(object.attachment);
  if (attachments.length > MAX_ATTACHMENTS) {
    problems.push(`${attachments.length} attachments: Mastodon keeps the first ${MAX_ATTACHMENTS}`);
  }
  attachments.forEach((attachment, index) => {
    const item = (attachment ?? {}) as Json;
    if (!isHttpUrl(addressOf(asArray(item.url)[0]))) problems.push(`attachment ${index + 1} has no url`);
    const mediaType = typeof item.mediaType === "string" ? item.mediaType : "";
    if (!MEDIA_KINDS.test(mediaType)) {
      problems.push(`attachment ${index + 1} has no image, video or audio mediaType`);
    }
    if (item.type === "Audio" && !mediaType.startsWith("audio/")) {
      problems.push(`attachment ${index + 1} is an Audio whose mediaType is not audio/*`);
    }
  });
  return problems;
}
