import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes } from "../../db/schema";
import { podcastMediaSize } from "../podcasts/index";
import type { MediaFile } from "./insights-recorder";

/** Audio files known at most (each address names one file's content for good). */
const MAX_KNOWN = 5_000;

/**
 * The episode an audio address (`/media/podcasts/<show>/<epNN>-<hash>.mp3`) belongs to, its size
 * and its length, read once per address: an address names its content for good, so the answer
 * never changes. Null for an address of no episode (not kept, in case the episode comes later).
 */
export function createMediaFiles(db: Database) {
  const known = new Map<string, MediaFile>();
  return async (path: string): Promise<MediaFile | null> => {
    const cached = known.get(path);
    if (cached) return cached;
    const sizeBytes = await podcastMediaSize(path);
    if (sizeBytes === null) return null;
    const [row] = await db
      .select({ id: episodes.id, durationSeconds: episodes.durationSeconds })
      .from(episodes)
      .where(eq(episodes.audioUrl, path))
      .limit(1);
    if (!row) return null;
    const file = { episodeId: row.id, sizeBytes, durationSeconds: row.durationSeconds };
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value as string);
    known.set(path, file);
    return file;
  };
}
