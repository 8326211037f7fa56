import type { ConsolePodcast, FeedReadResult, PodcastFlagsInput } from "@waveform/contracts/console-podcasts";
import { asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { mergeGinPendingLists } from "../../db/gin-pending-lists";
import { notifyCatalogueChanged } from "../../db/notify";
import { podcasts } from "../../db/schema";
import { type Actor, recordChange } from "../audit/index";
import { type IngestOptions, type IngestOutcome, ingestFeed } from "./ingestion";

const consoleColumns = {
  id: podcasts.id,
  slug: podcasts.slug,
  title: podcasts.title,
  feedUrl: podcasts.feedUrl,
  episodeCount: podcasts.episodeCount,
  lastFetchedAt: podcasts.lastFetchedAt,
  lastError: podcasts.lastError,
  isFeatured: podcasts.isFeatured,
  isTrending: podcasts.isTrending,
};

type ConsoleRow = { [K in keyof typeof consoleColumns]: (typeof podcasts.$inferSelect)[K] };

const toConsolePodcast = (row: ConsoleRow): ConsolePodcast => ({
  ...row,
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
});

async function findWhere(db: Database | Transaction, where: ReturnType<typeof eq>) {
  const [row] = await db.select(consoleColumns).from(podcasts).where(where);
  return row ? toConsolePodcast(row) : null;
}

/** What one read did, in a sentence for the console (the CLI words its own lines). */
export function feedReadResult(outcome: IngestOutcome): FeedReadResult {
  switch (outcome.status) {
    case "added":
      return { status: "added", message: `Added "${outcome.title}" with ${outcome.episodesAdded} episodes.` };
    case "updated":
      return {
        status: "updated",
        message: `Read "${outcome.title}": ${outcome.episodesAdded} new and ${outcome.episodesUpdated} changed episodes.`,
      };
    case "not-modified":
      return { status: "not-modified", message: `"${outcome.title}" has not changed since the last read.` };
    case "failed":
      return { status: "failed", message: `The feed could not be read: ${outcome.error}` };
  }
}

type FeedReadOptions = Pick<IngestOptions, "facts" | "allowPrivateAddresses" | "seedFolder">;

/**
 * Podcast writes for the console and the podcasts CLI alike. Each read of a feed records its audit
 * entry, rewrites the podcast's search documents and announces the change (NOTIFY, at commit) in
 * the feed's own transaction; a server that calls these also clears its own cache afterwards.
 */
export function createConsolePodcastsRepository(db: Database) {
  return {
    /** Every feed in id order, with its last read, error and episode count. */
    async list(): Promise<ConsolePodcast[]> {
      const rows = await db.select(consoleColumns).from(podcasts).orderBy(asc(podcasts.id));
      return rows.map(toConsolePodcast);
    },

    find: (id: number) => findWhere(db, eq(podcasts.id, id)),
    findByFeedUrl: (feedUrl: string) => findWhere(db, eq(podcasts.feedUrl, feedUrl)),

    /**
     * Reads a feed (new or known) and stores it. A failed first read stores nothing; a failed read of
     * a known feed records its error. The podcast is null only when a first read failed.
     */
    async readFeed(
      actor: Actor,
      feedUrl: string,
      options: FeedReadOptions = {},
    ): Promise<{ outcome: IngestOutcome; podcast: ConsolePodcast | null }> {
      const before = await findWhere(db, eq(podcasts.feedUrl, feedUrl));
      const outcome = await ingestFeed(db, feedUrl, {
        ...options,
        withinWrite: async (tx, podcastId, change) => {
          const after = await findWhere(tx, eq(podcasts.id, podcastId));
          await recordChange(tx, {
            actor,
            entity: "podcast",
            entityId: podcastId,
            action: before ? (change === "failed" ? "refresh-failed" : "refresh") : "create",
            before: before ?? undefined,
            after,
          });
          if (change === "stored") await notifyCatalogueChanged(tx);
        },
      });
      return { outcome, podcast: await findWhere(db, eq(podcasts.feedUrl, feedUrl)) };
    },

    /** Sets the featured and trending flags; null when there is no such podcast. */
    async setFlags(actor: Actor, id: number, flags: PodcastFlagsInput): Promise<ConsolePodcast | null> {
      return db.transaction(async (tx) => {
        const before = await findWhere(tx, eq(podcasts.id, id));
        if (!before) return null;
        const changes = {
          ...(flags.isFeatured !== undefined && { isFeatured: flags.isFeatured }),
          ...(flags.isTrending !== undefined && { isTrending: flags.isTrending }),
        };
        if (Object.keys(changes).length === 0) return before;
        await tx
          .update(podcasts)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(podcasts.id, id));
        // A changed flag moves the row in the listing-order index, so its GIN entries are new too.
        await mergeGinPendingLists(tx, "podcasts");
        const after = await findWhere(tx, eq(podcasts.id, id));
        await recordChange(tx, { actor, entity: "podcast", entityId: id, action: "update", before, after });
        // The flags are not part of a show's search documents (podcast-documents.ts), so the
        // index stays true without a rewrite; listings read them, hence the notice.
        await notifyCatalogueChanged(tx);
        return after;
      });
    },
  };
}
