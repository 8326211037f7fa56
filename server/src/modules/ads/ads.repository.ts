import type { Advertisement } from "@waveform/contracts/ads";
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { advertisements } from "../../db/schema";
import { imageOrArt } from "../artwork/index";

export function createAdsRepository(db: Database) {
  return {
    /**
     * The advertisement to show at `now`: active, inside its window, with an http(s) call to action;
     * among several, the highest weight, then the lowest id, so the choice is deterministic.
     */
    async current(now: Date): Promise<Advertisement | null> {
      const [row] = await db
        .select()
        .from(advertisements)
        .where(
          and(
            eq(advertisements.active, true),
            or(isNull(advertisements.startsAt), lte(advertisements.startsAt, now)),
            or(isNull(advertisements.endsAt), gt(advertisements.endsAt, now)),
            sql`${advertisements.ctaUrl} ~ '^https?://'`,
          ),
        )
        .orderBy(desc(advertisements.weight), asc(advertisements.id))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        ctaText: row.ctaText,
        ctaUrl: row.ctaUrl,
        imageUrl: imageOrArt(row.imageUrl, "ad", row.slug),
      };
    },
  };
}
