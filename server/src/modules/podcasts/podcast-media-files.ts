import { stat } from "node:fs/promises";
import { join } from "node:path";
import { podcastMediaFolder, podcastMediaSitePath } from "../../paths";

/** The site path of the club's shows' audio files (`<show>/<epNN>-<hash>.mp3`). */
export const PODCAST_MEDIA_PREFIX = podcastMediaSitePath;

/** An audio file's path under the prefix: the folder also holds their README, generator and list. */
const AUDIO_FILE = /^\/[a-z0-9-]+\/ep\d+-[0-9a-f]{10}\.mp3$/;

/**
 * The files served from the folder, by how their names end, with the type each is served as: the
 * audio, and each episode's transcripts (WebVTT, SubRip) and chapters (Podcasting 2.0 JSON
 * chapters), all named `<show>/<epNN>-<hash>.<ending>` (make-audio.mjs).
 */
const PODCAST_MEDIA_TYPES = {
  mp3: "audio/mpeg",
  vtt: "text/vtt; charset=utf-8",
  srt: "application/x-subrip; charset=utf-8",
  "chapters.json": "application/json+chapters; charset=utf-8",
} as const;
const MEDIA_FILE = /^\/[a-z0-9-]+\/ep\d+-[0-9a-f]{10}\.(mp3|vtt|srt|chapters\.json)$/;

/** The type a file under the prefix is served as; null for a path that names no servable file. */
export function podcastMediaType(pathName: string): string | null {
  const ending = MEDIA_FILE.exec(pathName)?.[1] as keyof typeof PODCAST_MEDIA_TYPES | undefined;
  return ending ? PODCAST_MEDIA_TYPES[ending] : null;
}

/** The size in bytes of the file a `/media/podcasts/…` path names; null for any other address. */
export async function podcastMediaSize(sitePath: string): Promise<number | null> {
  if (!sitePath.startsWith(PODCAST_MEDIA_PREFIX)) return null;
  const rest = sitePath.slice(PODCAST_MEDIA_PREFIX.length - 1);
  if (!AUDIO_FILE.test(rest)) return null;
  try {
    return (await stat(join(podcastMediaFolder, rest))).size;
  } catch {
    return null;
  }
}
