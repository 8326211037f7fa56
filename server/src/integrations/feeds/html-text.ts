import { Parser } from "htmlparser2";

export const BLOCK_TAGS = new Set([
  "p",
  "div",
  "br",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "tr",
  "table",
  "section",
  "article",
  "pre",
  "hr",
]);
export const SKIPPED_TAGS = new Set(["script", "style", "iframe", "object", "noscript", "template"]);

/** Longest description we keep; feeds sometimes carry whole transcripts. */
export const MAX_DESCRIPTION_LENGTH = 4000;

/**
 * Reduces an HTML (or plain) description to safe plain text: tags dropped, scripts and styles
 * dropped with their content, entities decoded, paragraphs and list items kept as line breaks,
 * runs of spaces collapsed. The result is shown as text, never as markup.
 */
export function htmlToText(html: string | null | undefined, maxLength = MAX_DESCRIPTION_LENGTH) {
  if (!html) return "";
  let out = "";
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED_TAGS.has(name)) skipping++;
        else if (BLOCK_TAGS.has(name)) out += "\n";
        if (name === "li") out += "• ";
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK_TAGS.has(name)) out += "\n";
      },
      ontext(text) {
        if (skipping === 0) out += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  const text = out
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.replace(/[ \t\r]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n")
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
