import { stat } from "node:fs/promises";
import { join } from "node:path";
import { podcastMediaFolder } from "../../paths";

/** The site path of the club's shows' audio files (`<show>/<epNN>-<hash>.mp3`). */
export const PODCAST_MEDIA_PREFIX = "/media/podcasts/";

/** An audio file's path under the prefix: the folder also holds their README, generator and list. */
export const AUDIO_FILE = /^\/[a-z0-9-]+\/ep\d+-[0-9a-f]{10}\.mp3$/;

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
