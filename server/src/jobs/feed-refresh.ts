import type { FastifyBaseLogger } from "fastify";
import { feedsToRefresh } from "../cli/podcast-commands";
import type { Database } from "../db/client";
import { fetchDueTimedText, type TimedTextRun } from "../modules/podcast-timed-text/index";
import { type IngestOutcome, refreshFeeds } from "../modules/podcasts/index";
import { reindexPodcast } from "../modules/search/index";

/** The club's own shows are read from the repository or this machine: nothing to refresh there. */
const isWebFeed = (feedUrl: string) => /^https?:\/\//i.test(feedUrl);

interface FeedRefreshOptions {
  log: FastifyBaseLogger;
  /** ALLOW_PRIVATE_FEEDS. */
  allowPrivateAddresses: boolean;
  /** Stops between two feeds (the server is shutting down). */
  signal?: AbortSignal;
  /** A feed added or changed episodes: drop cached answers (every server's, on PostgreSQL). */
  onChange(): void;
  /** Tests: the timed-text reads' guard and caps (fetchDueTimedText's options). */
  timedText?: Omit<Parameters<typeof fetchDueTimedText>[1], "allowPrivateAddresses" | "signal">;
}

/**
 * After the feeds: the chapters and transcripts web episodes link and the site has not read yet
 * (fetchDueTimedText: same address guard, capped, a few at a time, never on a page's request).
 * Shows whose transcripts were read get their search documents rewritten, so a spoken word finds
 * the episode; cached pages are dropped. Failures are logged, never thrown.
 */
async function readDueTimedText(db: Database, options: FeedRefreshOptions): Promise<TimedTextRun> {
  const run = await fetchDueTimedText(db, {
    ...options.timedText,
    allowPrivateAddresses: options.allowPrivateAddresses,
    ...(options.signal && { signal: options.signal }),
  });
  for (const podcastId of run.podcastIds) await db.transaction((tx) => reindexPodcast(tx, podcastId));
  if (run.stored + run.failures.length > 0) options.onChange();
  if (run.failures.length > 0)
    options.log.warn(
      { stored: run.stored, failed: run.failures.length, failures: run.failures.slice(0, 5) },
      "podcast chapters and transcripts: some could not be read (those episodes show none; tried again tomorrow)",
    );
  else if (run.stored > 0) options.log.info({ stored: run.stored }, "podcast chapters and transcripts read");
  return run;
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
  logFeedOutcomes(outcomes, options);
  if (!options.signal?.aborted) await readDueTimedText(db, options);
  return outcomes;
}

function logFeedOutcomes(outcomes: IngestOutcome[], options: FeedRefreshOptions): void {
  if (outcomes.length === 0) return;
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
}
