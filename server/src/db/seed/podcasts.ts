import { PODCAST_CATEGORY_NAMES } from "@waveform/contracts/podcasts";
import { count } from "drizzle-orm";
import { slugify } from "../../lib/slugify";
import { ingestFeed } from "../../modules/podcasts/index";
import type { Database } from "../client";
import { podcastCategories } from "../schema";
import { podcastSeeds } from "./podcasts.data";

/**
 * The site's podcast categories and the seed podcasts. The feeds go through the ingestion any feed
 * goes through (addressed as `seed:<file>`), so a seed that stops parsing fails loudly here.
 * Idempotent: categories upsert by slug, podcasts by feed address, episodes by guid.
 */
export async function seedPodcasts(db: Database): Promise<void> {
  for (const [sortOrder, name] of PODCAST_CATEGORY_NAMES.entries()) {
    const category = { slug: slugify(name), name, sortOrder };
    await db
      .insert(podcastCategories)
      .values(category)
      .onConflictDoUpdate({ target: podcastCategories.slug, set: category });
  }
  for (const seed of podcastSeeds) {
    const { file, ...facts } = seed;
    const outcome = await ingestFeed(db, `seed:${file}`, {
      facts: {
        ...facts,
        slug: file.replace(/\.xml$/, ""),
        isNew: facts.isNew ?? false,
        isTrending: facts.isTrending ?? false,
        isFeatured: facts.isFeatured ?? false,
      },
    });
    if (outcome.status === "failed")
      throw new Error(`The seed feed ${file} could not be read: ${outcome.error}`);
  }
}

/** True before the podcast seed has run (a new database, or one from before podcasts existed). */
export async function arePodcastsUnseeded(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(podcastCategories);
  return (row?.n ?? 0) === 0;
}
