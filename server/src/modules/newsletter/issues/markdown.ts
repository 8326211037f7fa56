import type SanitizeHtml from "sanitize-html";

/**
 * Markdown of an issue (intro, text blocks, the welcome mail) as HTML that is safe in a mail and on
 * the site: marked renders it, sanitize-html keeps a short list of tags and https/mailto links
 * only (raw HTML, scripts, styles, images and event handlers are dropped). Both packages are loaded
 * on first use (markdownKit), not when the server starts (its start budget, decision 0002).
 */
export interface MarkdownKit {
  toHtml(markdown: string): string;
  /** Plain text for the mail's text part: a link keeps its address, `text (https://…)`. */
  toText(markdown: string): string;
  /** One line of plain text, at most `max` characters (a summary, a meta description). */
  summary(markdown: string, max?: number): string;
}

const SAFE: SanitizeHtml.IOptions = {
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

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

function makeKit(parse: (markdown: string) => string, sanitizeHtml: typeof SanitizeHtml): MarkdownKit {
  function markdownToHtml(markdown: string): string {
    const raw = parse(markdown);
    return sanitizeHtml(raw, SAFE).trim();
  }

  function markdownToText(markdown: string): string {
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

  function markdownSummary(markdown: string, max = 200): string {
    const text = markdownToText(markdown)
      .replace(/\s*\((https:|mailto:)[^)]*\)/g, "")
      .replace(/\s+/g, " ")
      .trim();
    return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
  }
  return { toHtml: markdownToHtml, toText: markdownToText, summary: markdownSummary };
}

let loading: Promise<MarkdownKit> | undefined;
export function markdownKit(): Promise<MarkdownKit> {
  loading ??= Promise.all([import("marked"), import("sanitize-html")]).then(([{ Marked }, sanitize]) => {
    const marked = new Marked({ gfm: true, breaks: false, async: false });
    return makeKit((markdown) => marked.parse(markdown) as string, sanitize.default);
  });
  return loading;
}
