import { escapeMarkup } from "../../../lib/markup-text";
import { blockLabel, type ResolvedSection } from "./blocks";
import { markdownKit } from "./markdown";

/**
 * The archive page's body: the intro and sections, semantic and sanitised (the page adds the title).
 * Links to paths of the site are made absolute on `siteUrl` (the same body goes into the feed).
 */
export async function issueWebHtml(
  content: { intro: string; sections: readonly ResolvedSection[] },
  siteUrl: string,
): Promise<string> {
  const md = await markdownKit();
  const blocks = [content.intro.trim() ? md.toHtml(content.intro, siteUrl) : ""];
  for (const section of content.sections) {
    if (section.type === "text") {
      blocks.push(md.toHtml(section.markdown, siteUrl));
      continue;
    }
    const { card: block } = section;
    const image = block.imageUrl
      ? `<img src="${escapeMarkup(block.imageUrl)}" alt="Cover of ${escapeMarkup(block.title)}" width="96" height="96" loading="lazy">`
      : "";
    blocks.push(
      `<section class="newsletter-card" data-block="${block.type}">${image}<div><p class="newsletter-card-kind">${blockLabel(block.type)}</p><h2><a href="${escapeMarkup(block.href)}">${escapeMarkup(block.title)}</a></h2><p>${escapeMarkup(block.subtitle)}</p>${block.description ? `<p>${escapeMarkup(block.description)}</p>` : ""}</div></section>`,
    );
  }
  return blocks.filter(Boolean).join("\n");
}
