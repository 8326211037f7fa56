import type { SiteImageName } from "@waveform/contracts/images";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteImages } from "../../db/schema";

export function createImagesRepository(db: Database) {
  return {
    /** The address set for a named site image, or null when none is set. */
    async url(name: SiteImageName): Promise<string | null> {
      const [row] = await db
        .select({ url: siteImages.url })
        .from(siteImages)
        .where(eq(siteImages.name, name));
      return row?.url ?? null;
    },
  };
}
