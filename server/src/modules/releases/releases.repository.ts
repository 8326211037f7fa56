import type { Album } from "@waveform/contracts/releases";
import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { releases } from "../../db/schema";
import { imageOrArt } from "../artwork/index";

export function createReleasesRepository(db: Database) {
  return {
    /** Every release, newest first (ties: the most recently added first). */
    async newestFirst(): Promise<Album[]> {
      const rows = await db.select().from(releases).orderBy(desc(releases.releaseDate), desc(releases.id));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        artist: row.artist,
        imageUrl: imageOrArt(row.imageUrl, "album", row.slug),
        releaseDate: row.releaseDate,
        trackCount: row.trackCount,
        platform: row.platform as Album["platform"],
        externalUrl: row.externalUrl,
        isNew: row.isNew,
        spotifyUri: row.spotifyUri,
      }));
    },
  };
}
