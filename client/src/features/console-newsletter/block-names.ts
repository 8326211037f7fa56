import type { IssueSection } from "@waveform/contracts/newsletter-issues";

/**
 * The titles of an issue's catalogue blocks, read from its rendered archive page (`webHtml`: one
 * `<section class="newsletter-card" data-block="<type>">` per block, in order, its title in the
 * heading's link). The k-th card of a type names the k-th block of that type; when the counts of a
 * type differ (an item the server could not find), that type's blocks are left unnamed.
 * Browser only (DOMParser).
 */
export function blockNamesFrom(webHtml: string, sections: readonly IssueSection[]): Map<string, string> {
  const names = new Map<string, string>();
  const cards = new DOMParser()
    .parseFromString(webHtml, "text/html")
    .querySelectorAll("section.newsletter-card");
  const titlesByType = new Map<string, string[]>();
  for (const card of cards) {
    const type = card.getAttribute("data-block") ?? "";
    const title = card.querySelector("h2")?.textContent?.trim() ?? "";
    titlesByType.set(type, [...(titlesByType.get(type) ?? []), title]);
  }
  for (const [type, titles] of titlesByType) {
    const blocks = sections.filter((section) => section.type === type);
    if (blocks.length !== titles.length) continue;
    blocks.forEach((block, index) => {
      const title = titles[index];
      if (block.type !== "text" && title) names.set(`${block.type}:${block.id}`, title);
    });
  }
  return names;
}
