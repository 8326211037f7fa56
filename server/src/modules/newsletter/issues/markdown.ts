import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Markdown of an issue (intro, text blocks, the welcome mail) as HTML that is safe in a mail and on
 * the site: marked renders it, sanitize-html keeps a short list of tags and https/mailto links
 * only (raw HTML, scripts, styles, images and event handlers are dropped).
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const SAFE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "a",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "code",
    "pre",
    "hr",
  ],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  disallowedTagsMode: "discard",
  // Headings of a text block sit under the issue's own title (h1).
  transformTags: { h1: "h2", h5: "h4", h6: "h4" },
};

export function markdownToHtml(markdown: string): string {
  const raw = marked.parse(markdown) as string;
  return sanitizeHtml(raw, SAFE).trim();
}

/** The same Markdown as plain text for the mail's text part: a link keeps its address, `text (https://…)`. */
export function markdownToText(markdown: string): string {
  const html = markdownToHtml(markdown);
  const withLinks = html.replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_, href: string, label: string) => {
    const address = href.replace(/&amp;/g, "&");
    const text = sanitizeHtml(label, { allowedTags: [], allowedAttributes: {} });
    return text === address || `mailto:${text}` === address ? text : `${text} (${address})`;
  });
  const blocks = withLinks
    .replace(/>\s*\n\s*</g, "><")
    .replace(/<li>/g, "- ")
    .replace(/<\/(p|h[2-4]|blockquote|pre|ul|ol)>|<hr\s*\/?>/g, "\n\n")
    .replace(/<\/li>|<br\s*\/?>/g, "\n");
  const text = sanitizeHtml(blocks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Plain text of the Markdown, one line, at most `max` characters (a summary, a meta description). */
export function markdownSummary(markdown: string, max = 200): string {
  const text = markdownToText(markdown)
    .replace(/\s*\((https:|mailto:)[^)]*\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
