import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fillPath } from "@waveform/contracts/endpoint";
import {
  type EpisodeChapter,
  getEpisodeChapters,
  type TranscriptCue,
} from "@waveform/contracts/podcast-pages";
import type { FeedTranscript } from "../../integrations/feeds/parsed-feed";
import { BoundedCache } from "../../lib/bounded-cache";
import { podcastMediaSitePath as PODCAST_MEDIA_PREFIX, podcastMediaFolder } from "../../paths";
import { runStepsSliced } from "./parse-budget";
import { webVttSteps } from "./webvtt";

/** A club transcript or chapters file under the prefix (make-audio.mjs names them so). */
const VTT_FILE = /^\/[a-z0-9-]+\/ep\d+-[0-9a-f]{10}\.vtt$/;
const CHAPTERS_FILE = /^\/[a-z0-9-]+\/ep\d+-[0-9a-f]{10}\.chapters\.json$/;

/** How many parsed files stay in memory (58 episodes have 116 today); the oldest read goes first. */
export const TIMED_TEXT_CACHE_SIZE = 256;

/**
 * Reads a committed file once and keeps what it parses to (its reading, while under way), at most
 * `TIMED_TEXT_CACHE_SIZE` of them, the oldest first out. Their names carry their hash, so a remade
 * file is a new key and an entry never goes stale.
 */
const cache = new BoundedCache<Promise<unknown>>(
  { entries: TIMED_TEXT_CACHE_SIZE, bytes: Number.POSITIVE_INFINITY },
  () => 0,
);
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const value = load();
  cache.set(key, value);
  return value;
}

/** How many parsed files are held (for tests). */
export const timedTextCacheSize = () => cache.size;

/** The path under the media folder of a site path like `/media/podcasts/<show>/<file>`, if it is one. */
function mediaFile(sitePath: string | null | undefined, pattern: RegExp): string | null {
  if (!sitePath?.startsWith(PODCAST_MEDIA_PREFIX)) return null;
  const rest = sitePath.slice(PODCAST_MEDIA_PREFIX.length - 1);
  return pattern.test(rest) ? rest : null;
}

/**
 * An episode's chapters address as the API gives it (the player fetches it, from this site only):
 * one of the club's chapters files; else, when the feed refresh stored chapters from the address the
 * episode's feed links now (`storedChapters`, see hasStoredChapters), this site's copy of them;
 * else null.
 */
export function publicChaptersUrl(
  episode: { id: number; chaptersUrl: string | null },
  storedChapters: boolean,
): string | null {
  if (mediaFile(episode.chaptersUrl, CHAPTERS_FILE) !== null) return episode.chaptersUrl;
  return storedChapters ? fillPath(getEpisodeChapters.path, { episode: episode.id }) : null;
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(join(podcastMediaFolder, file), "utf8");
  } catch {
    return null;
  }
}

/** Podcasting 2.0 JSON chapters: those with a start and a title, in order of start. */
export function chaptersOf(json: unknown): EpisodeChapter[] {
  const list = (json as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (chapter): chapter is EpisodeChapter =>
        typeof chapter?.startTime === "number" &&
        Number.isFinite(chapter.startTime) &&
        chapter.startTime >= 0 &&
        typeof chapter.title === "string" &&
        chapter.title.trim() !== "",
    )
    .map((chapter) => ({ startTime: chapter.startTime, title: chapter.title.trim() }))
    .sort((a, b) => a.startTime - b.startTime);
}

/** An episode's chapters, when its chapters address is one of the club's files; else none. */
export function episodeChapters(chaptersUrl: string | null): Promise<EpisodeChapter[]> {
  const file = mediaFile(chaptersUrl, CHAPTERS_FILE);
  if (!file) return Promise.resolve([]);
  return cached(file, async () => {
    const text = await readText(file);
    if (text === null) return [];
    try {
      return chaptersOf(JSON.parse(text));
    } catch {
      return [];
    }
  });
}

/** An episode's transcript cues, from the first WebVTT transcript it links that is one of the club's files. */
export function episodeTranscript(transcripts: FeedTranscript[] | null): Promise<TranscriptCue[]> {
  const file =
    (transcripts ?? [])
      .filter((transcript) => transcript.type.split(";")[0]?.trim() === "text/vtt")
      .map((transcript) => mediaFile(transcript.url, VTT_FILE))
      .find((path) => path !== null) ?? null;
  if (!file) return Promise.resolve([]);
  return cached(file, async () => {
    const text = await readText(file);
    try {
      return text === null ? [] : await runStepsSliced(webVttSteps(text));
    } catch {
      // Past its time budget (a broken file): the page shows no transcript, as for a missing one.
      return [];
    }
  });
}
