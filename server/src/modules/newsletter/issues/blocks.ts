import type { CatalogueBlockType, IssueSection } from "@waveform/contracts/newsletter-issues";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { episodes, playlists, podcasts, releases } from "../../../db/schema";

/**
 * A catalogue card as it is kept in an issue that went out: the item's words, and its cover and
 * link as the catalogue holds them (a path of the site, or https), made absolute when shown.
 */
interface CardSnapshot {
  type: CatalogueBlockType;
  id: number;
  title: string;
  subtitle: string;
  description: string;
  imageUrl: string | null;
  href: string;
}

/**
 * A catalogue block as a mail and the archive page show it: a card's fields, with the cover
 * absolute or null (no cover: the card shows text only) and the link absolute (the item's page on
 * the site or, for a release, its platform).
 */
export type BlockCard = CardSnapshot;

/** An issue's sections with the catalogue blocks resolved (a block whose item is gone is left out). */
export type ResolvedSection = { type: "text"; markdown: string } | { type: "card"; card: BlockCard };

const absolute = (publicUrl: string, url: string | null) =>
  url === null ? null : url.startsWith("/") ? `${publicUrl}${url}` : url.startsWith("https://") ? url : null;

const VERB: Record<CatalogueBlockType, string> = {
  playlist: "Playlist",
  release: "New release",
  episode: "Episode",
};
export const blockLabel = (type: CatalogueBlockType) => VERB[type];

/**
 * A section as stored. Once sending begins each catalogue section keeps its card as it went out
 * (`card`; null when the item was not published then, so it was left out), and the mail and the
 * archive show that, not whatever the item is called later (issue 43). Drafts carry no card.
 */
export type StoredSection = IssueSection | (CatalogueSection & { card: CardSnapshot | null });
type CatalogueSection = Extract<IssueSection, { type: CatalogueBlockType }>;

const snapshotOf = (section: StoredSection): CardSnapshot | null | undefined =>
  section.type !== "text" && "card" in section ? section.card : undefined;

/** The sections as the composer edits them (the snapshot is the server's own). */
export const editableSections = (sections: readonly StoredSection[]): IssueSection[] =>
  sections.map((section) =>
    section.type === "text"
      ? { type: "text", markdown: section.markdown }
      : { type: section.type, id: section.id },
  );

/** Reads the published catalogue items the sections name, three queries at most. */
async function readCards(
  db: Database,
  sections: readonly IssueSection[],
): Promise<Map<string, CardSnapshot>> {
  const ids = (type: CatalogueBlockType) =>
    sections.flatMap((section) => (section.type === type ? [section.id] : []));
  const [playlistIds, releaseIds, episodeIds] = [ids("playlist"), ids("release"), ids("episode")];
  const [playlistRows, releaseRows, episodeRows] = await Promise.all([
    playlistIds.length
      ? db
          .select()
          .from(playlists)
          .where(and(inArray(playlists.id, playlistIds), eq(playlists.published, true)))
      : [],
    releaseIds.length ? db.select().from(releases).where(inArray(releases.id, releaseIds)) : [],
    episodeIds.length
      ? db
          .select({
            episode: episodes,
            show: { slug: podcasts.slug, title: podcasts.title, imageUrl: podcasts.imageUrl },
          })
          .from(episodes)
          .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
          .where(inArray(episodes.id, episodeIds))
      : [],
  ]);
  const cards = new Map<string, CardSnapshot>();
  for (const row of playlistRows) {
    cards.set(`playlist:${row.id}`, {
      type: "playlist",
      id: row.id,
      title: row.title,
      subtitle: `Curated by ${row.curator}`,
      description: row.description,
      imageUrl: row.imageUrl,
      href: `/playlist/${row.id}`,
    });
  }
  for (const row of releaseRows) {
    cards.set(`release:${row.id}`, {
      type: "release",
      id: row.id,
      title: row.title,
      subtitle: row.artist,
      description: `${row.trackCount} ${row.trackCount === 1 ? "track" : "tracks"}, out ${row.releaseDate}`,
      imageUrl: row.imageUrl,
      href: row.externalUrl.startsWith("https://") ? row.externalUrl : "/new-releases",
    });
  }
  for (const { episode, show } of episodeRows) {
    cards.set(`episode:${episode.id}`, {
      type: "episode",
      id: episode.id,
      title: episode.title,
      subtitle: show.title,
      description: episode.description.replace(/\s+/g, " ").slice(0, 300),
      imageUrl: episode.imageUrl ?? show.imageUrl,
      href: `/podcasts/${encodeURIComponent(show.slug)}/${episode.id}`,
    });
  }
  return cards;
}

/**
 * The sections with each catalogue section's card as it is now (null: not published, left out):
 * what is stored when sending begins, so later changes to the catalogue do not rewrite the issue.
 * A section that has its card already keeps it.
 */
export async function snapshotSections(
  db: Database,
  sections: readonly StoredSection[],
): Promise<StoredSection[]> {
  const cards = await readCards(
    db,
    sections.filter((section) => snapshotOf(section) === undefined),
  );
  return sections.map((section) => {
    if (section.type === "text" || snapshotOf(section) !== undefined) return section;
    return { type: section.type, id: section.id, card: cards.get(`${section.type}:${section.id}`) ?? null };
  });
}

const shown = (card: CardSnapshot, publicUrl: string): BlockCard => ({
  ...card,
  imageUrl: absolute(publicUrl, card.imageUrl),
  href: card.href.startsWith("/") ? `${publicUrl}${card.href}` : card.href,
});

/**
 * The sections as a mail or the archive shows them: a card kept when sending began as it was, any
 * other read from the catalogue now (a draft's preview and test mail); a block whose item is gone
 * or unpublished is left out.
 */
export async function resolveSections(
  db: Database,
  sections: readonly StoredSection[],
  publicUrl: string,
): Promise<ResolvedSection[]> {
  const cards = await readCards(
    db,
    sections.filter((section) => snapshotOf(section) === undefined),
  );
  return sections.flatMap((section): ResolvedSection[] => {
    if (section.type === "text") return section.markdown.trim() ? [section] : [];
    const kept = snapshotOf(section);
    const card = kept === undefined ? cards.get(`${section.type}:${section.id}`) : kept;
    return card ? [{ type: "card", card: shown(card, publicUrl) }] : [];
  });
}
