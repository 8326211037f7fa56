import type { ShowNoteParagraph } from "@waveform/contracts/podcast-pages";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes, podcasts } from "../../db/schema";
import type { FeedSoundbite, FeedTranscript } from "../../integrations/feeds/parsed-feed";
import { publicAudioUrl } from "./audio-url";
import { isOwnFeed } from "./own-feeds";
import { podcastMediaSize } from "./podcast-media-files";
import { latestEpisodeFirst } from "./podcast-order";

/** A club show as its published feed needs it. */
export interface OwnShowFeed {
  slug: string;
  title: string;
  description: string;
  host: string;
  categories: string[];
  episodes: OwnFeedEpisode[];
}

export interface OwnFeedEpisode {
  id: number;
  guid: string;
  title: string;
  description: string;
  showNotes: ShowNoteParagraph[];
  /** A site path (`/media/podcasts/…`) or an http(s) address. */
  audioUrl: string;
  /** The file's size for the site's own audio; null when unknown (audio hosted elsewhere). */
  audioBytes: number | null;
  durationSeconds: number | null;
  publishedAt: Date | null;
  /** JSON chapters, transcripts and soundbites as the show's feed gave them (site paths or http(s)). */
  chaptersUrl: string | null;
  transcripts: FeedTranscript[];
  soundbites: FeedSoundbite[];
}

/** Reads for `/podcasts/:show/feed.xml` and its artwork. */
export function createPodcastFeedRepository(db: Database) {
  return {
    /** The slugs of the club's own shows: the shows whose feeds (and artwork) the site publishes. */
    async ownShowSlugs(): Promise<string[]> {
      const rows = await db.select({ slug: podcasts.slug, feedUrl: podcasts.feedUrl }).from(podcasts);
      return rows.filter((row) => isOwnFeed(row.feedUrl)).map((row) => row.slug);
    },
    /**
     * A club show and every episode that has audio, newest first; undefined for an unknown show
     * and for a show read from someone else's feed (its publisher publishes it).
     */
    async ownShowFeed(slug: string): Promise<OwnShowFeed | undefined> {
      const [show] = await db.select().from(podcasts).where(eq(podcasts.slug, slug)).limit(1);
      if (!show || !isOwnFeed(show.feedUrl)) return undefined;
      const rows = await db
        .select()
        .from(episodes)
        .where(eq(episodes.podcastId, show.id))
        .orderBy(latestEpisodeFirst);
      const playable = rows.flatMap((row) => {
        const audioUrl = publicAudioUrl(row.audioUrl);
        return audioUrl ? [{ ...row, audioUrl }] : [];
      });
      return {
        slug: show.slug,
        title: show.title,
        description: show.description,
        host: show.host,
        categories: show.categoryNames,
        episodes: await Promise.all(
          playable.map(async (row) => ({
            id: row.id,
            guid: row.guid,
            title: row.title,
            description: row.description,
            showNotes: row.showNotes ?? [],
            audioUrl: row.audioUrl,
            audioBytes: await podcastMediaSize(row.audioUrl),
            durationSeconds: row.durationSeconds,
            publishedAt: row.publishedAt,
            chaptersUrl: publicAudioUrl(row.chaptersUrl),
            transcripts: (row.transcripts ?? []).flatMap((transcript) => {
              const url = publicAudioUrl(transcript.url);
              return url ? [{ ...transcript, url }] : [];
            }),
            soundbites: row.soundbites ?? [],
          })),
        ),
      };
    },
  };
}
