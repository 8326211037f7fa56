import type { FastifyBaseLogger } from "fastify";
import { feedsToRefresh } from "../cli/podcast-commands";
import type { Database } from "../db/client";
import { type IngestOutcome, refreshFeeds } from "../modules/podcasts/index";

/** The club's own shows are read from the repository or this machine: nothing to refresh there. */
const isWebFeed = (feedUrl: string) => /^https?:\/\//i.test(feedUrl);

export interface FeedRefreshOptions {
  log: FastifyBaseLogger;
  /** ALLOW_PRIVATE_FEEDS. */
  allowPrivateAddresses: boolean;
  /** Stops between two feeds (the server is shutting down). */
  signal?: AbortSignal;
  /** A feed added or changed episodes: drop cached answers (every server's, on PostgreSQL). */
  onChange(): void;
}

/**
 * The hourly refresh: the feeds `npm run podcasts -- refresh` calls due (never read, failed last
 * time, or read over an hour ago), web feeds only, read one after another with the same ingestion
 * (which rewrites the podcast's search documents in its transaction). Failures are logged as one
 * line per run, not one per feed: a server started without network should not shout.
 */
export async function refreshDueWebFeeds(
  db: Database,
  options: FeedRefreshOptions,
): Promise<IngestOutcome[]> {
  const urls = (await feedsToRefresh(db, [], false)).filter(isWebFeed);
  const outcomes: IngestOutcome[] = [];
  for (const url of urls) {
    if (options.signal?.aborted) break;
    const summary = await refreshFeeds(db, [url], { allowPrivateAddresses: options.allowPrivateAddresses });
    outcomes.push(...summary.outcomes);
  }
  if (outcomes.length === 0) return outcomes;
  const count = (status: IngestOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  const counts = {
    added: count("added"),
    updated: count("updated"),
    notModified: count("not-modified"),
    failed: count("failed"),
  };
  if (counts.added + counts.updated > 0) options.onChange();
  const failures = outcomes.flatMap((o) => (o.status === "failed" ? [`${o.feedUrl}: ${o.error}`] : []));
  if (failures.length > 0)
    options.log.warn(
      { ...counts, failures: failures.slice(0, 5) },
      "podcast feed refresh: some feeds failed (they keep their episodes; tried again next hour)",
    );
  else options.log.info(counts, "podcast feeds refreshed");
  return outcomes;
}
