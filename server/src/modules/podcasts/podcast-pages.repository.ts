import type {
  EpisodeNeighbour,
  EpisodePage,
  Show,
  ShowNoteParagraph,
  ShowPage,
} from "@waveform/contracts/podcast-pages";
import type { Episode, Podcast } from "@waveform/contracts/podcasts";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes, podcasts } from "../../db/schema";
import { slugify } from "../../lib/slugify";
import { imageOrArt } from "../artwork/index";
import {
  episodeChapters,
  episodeTranscript,
  hasStoredChapters,
  publicChaptersUrl,
  storedTimedText,
} from "../podcast-timed-text/index";
import { publicAudioUrl } from "./audio-url";
import { isOwnFeed, ownFeedPath } from "./own-feeds";
import { latestEpisodeFirst } from "./podcast-order";
import { podcastPlatformSearchUrl } from "./podcast-platforms";

type PodcastRow = typeof podcasts.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;

const isoDate = (date: Date | string | null) => new Date(date ?? 0).toISOString().slice(0, 10);
const httpOrNull = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

function toShow(row: PodcastRow): Show {
  const platform = row.platform as Podcast["platform"];
  const own = isOwnFeed(row.feedUrl);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    host: row.host,
    hostImage: imageOrArt(row.hostImageUrl, "artist", slugify(row.host || row.slug)),
    imageUrl: imageOrArt(row.imageUrl, "podcast", row.slug),
    description: row.description,
    categories: row.categoryNames,
    episodeCount: row.episodeCount,
    platform,
    publishFrequency: row.publishFrequency as Podcast["publishFrequency"],
    rating: row.ratingTenths / 10,
    subscribe: {
      feedUrl: own ? ownFeedPath(row.slug) : row.feedUrl,
      ownFeed: own,
      websiteUrl: own ? null : httpOrNull(row.externalUrl),
      platformUrl: own
        ? null
        : (httpOrNull(row.externalUrl) ?? podcastPlatformSearchUrl(platform, row.title)),
    },
  };
}

/**
 * An episode as the API sends it. `storedChapters`: whether a web show's episode has chapters the
 * feed refresh stored from the address its feed links now (hasStoredChapters, or the page's read).
 */
export function toEpisode(row: EpisodeRow, show: PodcastRow, storedChapters: boolean): Episode {
  return {
    id: row.id,
    podcastId: show.id,
    podcastSlug: show.slug,
    podcastTitle: show.title,
    title: row.title,
    description: row.description,
    imageUrl: imageOrArt(show.imageUrl, "podcast", show.slug),
    date: isoDate(row.publishedAt),
    duration: row.durationSeconds,
    audioUrl: publicAudioUrl(row.audioUrl),
    chaptersUrl: publicChaptersUrl(row, storedChapters),
  };
}

/** Show notes as stored, or (episodes read before show notes were kept) the description's lines. */
function showNotesOf(row: EpisodeRow): ShowNoteParagraph[] {
  if (row.showNotes && row.showNotes.length > 0) return row.showNotes;
  return row.description
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => [{ text: line }]);
}

const neighbour = (row: EpisodeRow | undefined): EpisodeNeighbour | null =>
  row ? { id: row.id, title: row.title, date: isoDate(row.publishedAt) } : null;

/** The show and episode pages' reads (`/podcasts/:show`, `/podcasts/:show/:episode`). */
export function createPodcastPagesRepository(db: Database) {
  const showRow = async (slug: string) =>
    (await db.select().from(podcasts).where(eq(podcasts.slug, slug)).limit(1))[0];

  /** The episodes of a show in page order (newest first) with each one's place in it. */
  const ordered = (podcastId: number) =>
    db
      .select({
        id: episodes.id,
        place: sql<number>`(row_number() over (order by ${latestEpisodeFirst}))::int`.as("place"),
      })
      .from(episodes)
      .where(eq(episodes.podcastId, podcastId))
      .as("ordered");

  return {
    /** A show and `limit` of its episodes from `offset`, newest first; undefined for an unknown show. */
    async showPage(slug: string, offset: number, limit: number): Promise<ShowPage | undefined> {
      const show = await showRow(slug);
      if (!show) return undefined;
      const rows = await db
        .select({ ...getTableColumns(episodes), hasStoredChapters: hasStoredChapters() })
        .from(episodes)
        .where(eq(episodes.podcastId, show.id))
        .orderBy(latestEpisodeFirst)
        .limit(limit + 1)
        .offset(offset);
      return {
        show: toShow(show),
        episodes: rows.slice(0, limit).map((row) => toEpisode(row, show, row.hasStoredChapters)),
        nextOffset: rows.length > limit ? offset + limit : null,
      };
    },

    /** One episode of a show with its notes, neighbours, chapters and transcript; undefined when either is unknown. */
    async episodePage(slug: string, episodeId: number): Promise<EpisodePage | undefined> {
      const show = await showRow(slug);
      if (!show) return undefined;
      const [episode] = await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.podcastId, show.id), eq(episodes.id, episodeId)))
        .limit(1);
      if (!episode) return undefined;
      const places = ordered(show.id);
      const [here] = await db.select({ place: places.place }).from(places).where(eq(places.id, episodeId));
      const around = here
        ? await db
            .select({ episode: episodes, place: places.place })
            .from(places)
            .innerJoin(episodes, eq(episodes.id, places.id))
            .where(sql`${places.place} in (${here.place - 1}, ${here.place + 1})`)
        : [];
      const at = (place: number) => around.find((row) => row.place === place)?.episode;
      // The club's from its committed files; a web show's as the feed refresh job stored them.
      const { chapters, transcript } = isOwnFeed(show.feedUrl)
        ? await Promise.all([
            episodeChapters(episode.chaptersUrl),
            episodeTranscript(episode.transcripts),
          ]).then(([chapters, transcript]) => ({ chapters, transcript }))
        : await storedTimedText(db, episode);
      return {
        show: {
          slug: show.slug,
          title: show.title,
          host: show.host,
          imageUrl: imageOrArt(show.imageUrl, "podcast", show.slug),
        },
        episode: toEpisode(episode, show, chapters.length > 0 && !isOwnFeed(show.feedUrl)),
        showNotes: showNotesOf(episode),
        // Pages run newest first: the previous episode is the older one, the next the newer one.
        previous: here ? neighbour(at(here.place + 1)) : null,
        next: here ? neighbour(at(here.place - 1)) : null,
        chapters,
        transcript,
      };
    },
  };
}
