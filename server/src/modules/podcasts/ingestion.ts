import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { podcasts } from "../../db/schema";
import { readFeedSource } from "../../integrations/feeds/feed-source";
import { seedFeedsFolder } from "../../paths";
import {
  type PodcastFacts,
  recordFeedError,
  recordNotModified,
  storeFeed,
  type WithinFeedWrite,
} from "./podcast-writer";

export type IngestOutcome =
  | {
      status: "added" | "updated";
      feedUrl: string;
      podcastId: number;
      title: string;
      episodes: number;
      episodesAdded: number;
      episodesUpdated: number;
    }
  | { status: "not-modified"; feedUrl: string; title: string }
  | { status: "failed"; feedUrl: string; title: string | null; error: string };

export interface IngestOptions {
  facts?: PodcastFacts;
  /** Where `seed:` feeds live (tests point it elsewhere). */
  seedFolder?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** ALLOW_PRIVATE_FEEDS: feeds on loopback, private and link-local addresses may be read. */
  allowPrivateAddresses?: boolean;
  /** Runs inside the write's transaction (see WithinFeedWrite): audit entries, change notices. */
  withinWrite?: WithinFeedWrite;
}

/**
 * Decoding and parsing, loaded with their packages (feedsmith, htmlparser2, iconv-lite: most of what
 * a start would otherwise load and never use) when the first feed is read.
 */
const feedParsers = async () => {
  const [{ decodeFeed }, { parseFeed }] = await Promise.all([
    import("../../integrations/feeds/decode"),
    import("../../integrations/feeds/parse-feed"),
  ]);
  return { decodeFeed, parseFeed };
};

const readable = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "The feed could not be read.";

/**
 * Reads one feed and stores it: fetch (conditional when we have validators) → decode → parse →
 * one transaction. Any failure is returned, never thrown, with a sentence an operator can act on;
 * an existing podcast records the error and keeps its episodes.
 */
export async function ingestFeed(
  db: Database,
  feedUrl: string,
  options: IngestOptions = {},
): Promise<IngestOutcome> {
  const [known] = await db
    .select({ title: podcasts.title, etag: podcasts.etag, lastModified: podcasts.lastModified })
    .from(podcasts)
    .where(eq(podcasts.feedUrl, feedUrl));
  const { decodeFeed, parseFeed } = await feedParsers();
  try {
    const source = await readFeedSource(feedUrl, {
      seedFolder: options.seedFolder ?? seedFeedsFolder,
      etag: known?.etag,
      lastModified: known?.lastModified,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
      allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    });
    if (source.kind === "not-modified") {
      await recordNotModified(db, feedUrl, options.withinWrite);
      return { status: "not-modified", feedUrl, title: known?.title ?? feedUrl };
    }
    const feed = parseFeed(decodeFeed(source.bytes, source.contentType).text);
    const stored = await storeFeed(
      db,
      feedUrl,
      feed,
      { etag: source.etag, lastModified: source.lastModified },
      options.facts,
      options.withinWrite,
    );
    return {
      status: stored.created ? "added" : "updated",
      feedUrl,
      podcastId: stored.podcastId,
      title: feed.title,
      episodes: feed.episodes.length,
      episodesAdded: stored.episodesAdded,
      episodesUpdated: stored.episodesUpdated,
    };
  } catch (error) {
    const message = readable(error);
    if (known) await recordFeedError(db, feedUrl, message, options.withinWrite);
    return { status: "failed", feedUrl, title: known?.title ?? null, error: message };
  }
}

export interface RefreshSummary {
  outcomes: IngestOutcome[];
  added: number;
  updated: number;
  notModified: number;
  failed: number;
}

/**
 * Refreshes feeds one after another (feed hosts are other people's servers: no bursts), reporting
 * each outcome as it lands. One bad feed never stops the others.
 */
export async function refreshFeeds(
  db: Database,
  feedUrls: string[],
  options: IngestOptions & {
    onProgress?: (outcome: IngestOutcome, index: number, total: number) => void;
  } = {},
): Promise<RefreshSummary> {
  const outcomes: IngestOutcome[] = [];
  for (const [index, feedUrl] of feedUrls.entries()) {
    const outcome = await ingestFeed(db, feedUrl, options);
    outcomes.push(outcome);
    options.onProgress?.(outcome, index, feedUrls.length);
  }
  const count = (status: IngestOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  return {
    outcomes,
    added: count("added"),
    updated: count("updated"),
    notModified: count("not-modified"),
    failed: count("failed"),
  };
}
