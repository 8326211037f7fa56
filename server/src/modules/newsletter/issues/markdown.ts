import type SanitizeHtml from "sanitize-html";

/**
 * Markdown of an issue (intro, text blocks, the welcome mail) as HTML that is safe in a mail and on
 * the site: marked renders it, sanitize-html keeps a short list of tags and links to https:,
 * mailto: or a path of the site only (raw HTML, scripts, styles, images and event handlers are
 * dropped; any other link is left as its text). Both packages are loaded on first use
 * (markdownKit), not when the server starts (its start budget, decision 0002).
 *
 * `siteUrl` (the site's public URL): a link to a path of the site (`/playlist/1`) is written as an
 * absolute link on it, as a mail and a feed reader need. Without it the path is kept as it is.
 */
export interface MarkdownKit {
  toHtml(markdown: string, siteUrl?: string): string;
  /** Plain text for the mail's text part: a link keeps its address, `text (https://…)`. */
  toText(markdown: string, siteUrl?: string): string;
  /** One line of plain text, at most `max` characters (a summary, a meta description). */
  summary(markdown: string, max?: number): string;
}

/**
 * The links kept: https:, mailto:, and a path of this site (`/` then anything but a second `/` or a
 * `\`, which browsers read as `//`: a protocol-relative link to another host, issue 43). Anything
 * with whitespace, control characters or a backslash in it is refused too (browsers drop tabs and
 * newlines from a URL, so `/<tab>/host` would become `//host`).
 */
const SAFE_HREF_START = /^(?:https:\/\/|mailto:|\/(?![/\\]))/i;
const isControlOrSpace = (character: string) => {
  const code = character.charCodeAt(0);
  return code <= 0x20 || code === 0x7f || /\s/.test(character);
};
const isSafeHref = (href: string) =>
  SAFE_HREF_START.test(href) && !href.includes("\\") && ![...href].some(isControlOrSpace);

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
  // http: only for the site's own links made absolute on a development URL (safeOptions): every
  // link the Markdown holds passed isSafeHref first.
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  // sanitize-html lets `//host/path` through by default; such links are not ours to send.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Headings of a text block sit under the issue's own title (h1).
  transformTags: { h1: "h2", h5: "h4", h6: "h4" },
};

/**
 * SAFE, with links to paths of the site made absolute on `siteUrl`, and every other link unwrapped:
 * its address dropped here, then the anchor left without one taken out, its text kept. (Renaming the
 * tag to a disallowed one instead trips sanitize-html 2.18: the next link's end tag takes that name.)
 */
function safeOptions(siteUrl: string | undefined): SanitizeHtml.IOptions {
  return {
    ...SAFE,
    transformTags: {
      ...SAFE.transformTags,
      a: (tagName, attribs): SanitizeHtml.Tag => {
        const href = attribs.href ?? "";
        if (!isSafeHref(href)) return { tagName, attribs: {} };
        return { tagName, attribs: { href: siteUrl && href.startsWith("/") ? `${siteUrl}${href}` : href } };
      },
    },
    exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
  };
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

function makeKit(parse: (markdown: string) => string, sanitizeHtml: typeof SanitizeHtml): MarkdownKit {
  const withoutSite = safeOptions(undefined);
  function markdownToHtml(markdown: string, siteUrl?: string): string {
    const raw = parse(markdown);
    return sanitizeHtml(raw, siteUrl ? safeOptions(siteUrl) : withoutSite).trim();
  }

  function markdownToText(markdown: string, siteUrl?: string): string {
    const html = markdownToHtml(markdown, siteUrl);
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
      .replace(/\s*\((https:|mailto:|\/)[^)]*\)/g, "")
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
