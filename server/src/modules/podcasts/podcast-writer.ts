import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { mergeGinPendingLists } from "../../db/gin-pending-lists";
import { episodes, podcastCategories, podcastCategoryLinks, podcasts } from "../../db/schema";
import { resolveFeedAddress } from "../../integrations/feeds/feed-source";
import type { ParsedEpisode, ParsedFeed } from "../../integrations/feeds/parsed-feed";
import { slugify } from "../../lib/slugify";
import { reindexPodcast } from "../search/index";
import { latestEpisodeFirst } from "./podcast-order";

/** Catalogue facts a feed does not carry; given by the seed or by an operator. */
export interface PodcastFacts {
  slug?: string;
  host?: string;
  imageUrl?: string | null;
  hostImageUrl?: string | null;
  platform?: string;
  externalUrl?: string | null;
  publishFrequency?: string;
  /** 1.0–5.0 */
  rating?: number;
  isNew?: boolean;
  isTrending?: boolean;
  isFeatured?: boolean;
  /** Category names of the site's set; unknown names are ignored. */
  categories?: string[];
}

interface StoreResult {
  podcastId: number;
  slug: string;
  created: boolean;
  episodesAdded: number;
  episodesUpdated: number;
}

type FeedValidators = { etag: string | null; lastModified: string | null };

/**
 * Work done inside a feed write's own transaction, after the write: the console's and the CLI's
 * audit entry and change notice, so the change, its record and its notice commit together.
 */
export type WithinFeedWrite = (
  tx: Transaction,
  podcastId: number,
  change: "stored" | "failed" | "not-modified",
) => Promise<void>;

const UPSERT_BATCH = 200;

async function freeSlug(tx: Transaction, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: podcasts.slug })
        .from(podcasts)
        .where(sql`${podcasts.slug} = ${wanted} or ${podcasts.slug} like ${`${wanted}-%`}`)
    ).map((row) => row.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** Keeps one item per guid (the first, i.e. the newest in a newest-first feed). */
function uniqueByGuid(items: ParsedEpisode[]): ParsedEpisode[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.guid)) return false;
    seen.add(item.guid);
    return true;
  });
}

/** Replaces a podcast's category links and its category_names copy, inside the feed's transaction. */
async function linkCategories(tx: Transaction, podcastId: number, names: string[]) {
  await tx.delete(podcastCategoryLinks).where(eq(podcastCategoryLinks.podcastId, podcastId));
  const found = names.length
    ? await tx
        .select({ id: podcastCategories.id, name: podcastCategories.name })
        .from(podcastCategories)
        .where(inArray(podcastCategories.name, names))
        .orderBy(asc(podcastCategories.sortOrder), asc(podcastCategories.name))
    : [];
  if (found.length > 0) {
    await tx
      .insert(podcastCategoryLinks)
      .values(found.map((category) => ({ podcastId, categoryId: category.id })))
      .onConflictDoNothing();
  }
  await tx
    .update(podcasts)
    .set({ categoryNames: found.map((category) => category.name) })
    .where(eq(podcasts.id, podcastId));
}

/**
 * Writes one parsed feed in one transaction: the podcast row (created on first sight, its feed
 * fields refreshed later; catalogue facts only change when given), then its episodes upserted by
 * guid. Rows whose content is unchanged are not touched, episodes missing from the feed are kept
 * (a feed that trims its history never deletes ours), and the episode count and latest episode are
 * recomputed so listings need no aggregate.
 */
export async function storeFeed(
  db: Database,
  feedUrl: string,
  feed: ParsedFeed,
  validators: FeedValidators,
  facts: PodcastFacts = {},
  withinWrite?: WithinFeedWrite,
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: podcasts.id, slug: podcasts.slug })
      .from(podcasts)
      .where(eq(podcasts.feedUrl, feedUrl));
    const now = new Date();
    const feedFields = {
      title: feed.title,
      description: feed.description,
      host: facts.host ?? feed.author,
      feedImageUrl: feed.imageUrl,
      etag: validators.etag,
      lastModified: validators.lastModified,
      lastFetchedAt: now,
      lastError: null,
      updatedAt: now,
    };
    const factFields = {
      ...(facts.imageUrl !== undefined && { imageUrl: facts.imageUrl }),
      ...(facts.hostImageUrl !== undefined && { hostImageUrl: facts.hostImageUrl }),
      ...(facts.platform !== undefined && { platform: facts.platform }),
      ...(facts.externalUrl !== undefined && { externalUrl: facts.externalUrl }),
      ...(facts.publishFrequency !== undefined && { publishFrequency: facts.publishFrequency }),
      ...(facts.rating !== undefined && { ratingTenths: Math.round(facts.rating * 10) }),
      ...(facts.isNew !== undefined && { isNew: facts.isNew }),
      ...(facts.isTrending !== undefined && { isTrending: facts.isTrending }),
      ...(facts.isFeatured !== undefined && { isFeatured: facts.isFeatured }),
    };

    let podcastId: number;
    let slug: string;
    if (existing) {
      podcastId = existing.id;
      slug = existing.slug;
      await tx
        .update(podcasts)
        .set({ ...feedFields, ...factFields })
        .where(eq(podcasts.id, podcastId));
    } else {
      slug = await freeSlug(tx, facts.slug ?? (slugify(feed.title, 60) || "podcast"));
      const [row] = await tx
        .insert(podcasts)
        .values({
          slug,
          feedUrl,
          externalUrl: feed.link,
          ...feedFields,
          ...factFields,
        })
        .returning({ id: podcasts.id });
      podcastId = (row as { id: number }).id;
    }
    if (facts.categories) await linkCategories(tx, podcastId, facts.categories);

    let episodesAdded = 0;
    let episodesUpdated = 0;
    const items = uniqueByGuid(feed.episodes);
    for (let start = 0; start < items.length; start += UPSERT_BATCH) {
      const batch = items.slice(start, start + UPSERT_BATCH);
      const written = await tx
        .insert(episodes)
        .values(
          batch.map((item) => ({
            podcastId,
            ...item,
            audioUrl: resolveFeedAddress(item.audioUrl, feedUrl),
            chaptersUrl: resolveFeedAddress(item.chaptersUrl, feedUrl),
            transcripts: item.transcripts.flatMap((transcript) => {
              const url = resolveFeedAddress(transcript.url, feedUrl);
              return url ? [{ ...transcript, url }] : [];
            }),
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [episodes.podcastId, episodes.guid],
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            showNotes: sql`excluded.show_notes`,
            audioUrl: sql`excluded.audio_url`,
            durationSeconds: sql`excluded.duration_seconds`,
            publishedAt: sql`excluded.published_at`,
            imageUrl: sql`excluded.image_url`,
            chaptersUrl: sql`excluded.chapters_url`,
            transcripts: sql`excluded.transcripts`,
            soundbites: sql`excluded.soundbites`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`(${episodes.title}, ${episodes.description}, ${episodes.showNotes}, ${episodes.audioUrl}, ${episodes.durationSeconds}, ${episodes.publishedAt}, ${episodes.imageUrl}, ${episodes.chaptersUrl}, ${episodes.transcripts}, ${episodes.soundbites})
            is distinct from (excluded.title, excluded.description, excluded.show_notes, excluded.audio_url, excluded.duration_seconds, excluded.published_at, excluded.image_url, excluded.chapters_url, excluded.transcripts, excluded.soundbites)`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of written) {
        if (row.inserted) episodesAdded++;
        else episodesUpdated++;
      }
    }

    const [latest] = await tx
      .select({ id: episodes.id })
      .from(episodes)
      .where(eq(episodes.podcastId, podcastId))
      .orderBy(latestEpisodeFirst)
      .limit(1);
    await tx
      .update(podcasts)
      .set({
        episodeCount: sql`(select count(*)::int from ${episodes} where ${episodes.podcastId} = ${podcastId})`,
        latestEpisodeId: latest?.id ?? null,
      })
      .where(eq(podcasts.id, podcastId));
    await reindexPodcast(tx, podcastId);
    // The podcast search's own GIN indexes (decision 0005) take the show's new entries now.
    await mergeGinPendingLists(tx, "podcasts");
    await withinWrite?.(tx, podcastId, "stored");

    return { podcastId, slug, created: !existing, episodesAdded, episodesUpdated };
  });
}

/** Records a failed fetch or parse on an existing podcast; its episodes stay as they were. */
export async function recordFeedError(
  db: Database,
  feedUrl: string,
  message: string,
  withinWrite?: WithinFeedWrite,
) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(podcasts)
      .set({ lastError: message, lastFetchedAt: new Date() })
      .where(eq(podcasts.feedUrl, feedUrl))
      .returning({ id: podcasts.id });
    // An update that cannot stay on its page adds index entries too (mergeGinPendingLists).
    await mergeGinPendingLists(tx, "podcasts");
    for (const row of rows) await withinWrite?.(tx, row.id, "failed");
  });
}

/** A 304: nothing changed, only the fetch time moves. */
export async function recordNotModified(db: Database, feedUrl: string, withinWrite?: WithinFeedWrite) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(podcasts)
      .set({ lastFetchedAt: new Date(), lastError: null })
      .where(and(eq(podcasts.feedUrl, feedUrl)))
      .returning({ id: podcasts.id });
    await mergeGinPendingLists(tx, "podcasts");
    for (const row of rows) await withinWrite?.(tx, row.id, "not-modified");
  });
}
