/**
 * The longest cue payload read, in characters, before its markup is stripped; the rest is dropped.
 * A transcript writes a cue a sentence or a short paragraph: a minute of speech is about 150 words,
 * 1,000 characters, and WebVTT's karaoke markup (a `<00:01:02.000>` timestamp and a `<c>…</c>`
 * around each word) can triple that. 8,192 holds twice as much again. A cue is shown as one
 * paragraph of the episode page's transcript, so what a longer one carries is not a transcript, and
 * cutting it keeps every cue's work small whatever the file holds.
 */
export const CUE_TEXT_MAX_CHARS = 8192;

/**
 * Tags the formats write: WebVTT's and SRT's `<…>`, and in SRT (and JSON bodies, copied from it)
 * SubStation-style overrides such as `{\an8}`. Each pattern stops at the next `<` (or `{`), so an
 * opening with no close is passed over at once: with `[^>]*` (`[^}]*`) every unclosed `<` (`{\`)
 * rescanned the rest of the cue, which made 100 KB of `<` take seconds and the 2 MB cap tens of
 * minutes (quadratic time).
 */
const TAGS = { angle: /<[^<>]*>/g, angleAndBrace: /<[^<>]*>|\{\\[^{}]*\}/g };
/** A tag the cut at the cap left open at the end (`<font color="re`): dropped rather than shown. */
const CUT_TAG = { angle: /<[^<>]*$/, angleAndBrace: /(?:<[^<>]*|\{\\[^{}]*)$/ };
const ENTITY = /&(amp|lt|gt|nbsp|lrm|rlm);/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: " ", lrm: "", rlm: "" };

/** The first CUE_TEXT_MAX_CHARS characters, less half a surrogate pair (the database refuses one). */
function cut(text: string): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(CUE_TEXT_MAX_CHARS - 1))
    ? CUE_TEXT_MAX_CHARS - 1
    : CUE_TEXT_MAX_CHARS;
  return text.slice(0, end);
}

/**
 * A cue's payload lines as plain text: cut at CUE_TEXT_MAX_CHARS, tags dropped (`<v Maya>`, `<i>`,
 * timestamps; `{\an8}` overrides too with `braceTags`), entities read, white space collapsed.
 * Linear in the length of its input.
 */
export function cueText(lines: readonly string[], options: { braceTags?: boolean } = {}): string {
  const kind = options.braceTags ? "angleAndBrace" : "angle";
  let text = lines.join(" ");
  if (text.length > CUE_TEXT_MAX_CHARS) text = cut(text).replace(CUT_TAG[kind], "");
  return text
    .replace(TAGS[kind], "")
    .replace(ENTITY, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
