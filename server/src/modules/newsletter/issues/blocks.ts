import type { CatalogueBlockType, IssueSection } from "@waveform/contracts/newsletter-issues";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { episodes, playlists, podcasts, releases } from "../../../db/schema";

/** A catalogue block as a mail and the archive page show it: cover, title, by-line, link. */
export interface BlockCard {
  type: CatalogueBlockType;
  id: number;
  title: string;
  subtitle: string;
  description: string;
  /** Absolute, or null (no cover: the card shows text only). */
  imageUrl: string | null;
  /** Absolute link to the item's page on the site (or, for a release, its platform). */
  href: string;
}

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

/** Reads the published catalogue items the sections name, three queries at most. */
export async function resolveSections(
  db: Database,
  sections: readonly IssueSection[],
  publicUrl: string,
): Promise<ResolvedSection[]> {
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
  const cards = new Map<string, BlockCard>();
  for (const row of playlistRows) {
    cards.set(`playlist:${row.id}`, {
      type: "playlist",
      id: row.id,
      title: row.title,
      subtitle: `Curated by ${row.curator}`,
      description: row.description,
      imageUrl: absolute(publicUrl, row.imageUrl),
      href: `${publicUrl}/playlist/${row.id}`,
    });
  }
  for (const row of releaseRows) {
    cards.set(`release:${row.id}`, {
      type: "release",
      id: row.id,
      title: row.title,
      subtitle: row.artist,
      description: `${row.trackCount} ${row.trackCount === 1 ? "track" : "tracks"}, out ${row.releaseDate}`,
      imageUrl: absolute(publicUrl, row.imageUrl),
      href: row.externalUrl.startsWith("https://") ? row.externalUrl : `${publicUrl}/new-releases`,
    });
  }
  for (const { episode, show } of episodeRows) {
    cards.set(`episode:${episode.id}`, {
      type: "episode",
      id: episode.id,
      title: episode.title,
      subtitle: show.title,
      description: episode.description.replace(/\s+/g, " ").slice(0, 300),
      imageUrl: absolute(publicUrl, episode.imageUrl ?? show.imageUrl),
      href: `${publicUrl}/podcasts/${encodeURIComponent(show.slug)}/${episode.id}`,
    });
  }
  return sections.flatMap((section): ResolvedSection[] => {
    if (section.type === "text") return section.markdown.trim() ? [section] : [];
    const card = cards.get(`${section.type}:${section.id}`);
    return card ? [{ type: "card", card }] : [];
  });
}
