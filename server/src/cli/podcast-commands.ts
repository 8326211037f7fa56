import { PODCAST_CATEGORY_NAMES, PODCAST_PLATFORMS, PUBLISH_FREQUENCIES } from "@waveform/contracts/podcasts";
import { asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { podcasts } from "../db/schema";
import { normaliseFeedSource } from "../integrations/feeds/feed-source";
import { cliActor } from "../modules/audit/index";
import {
  createConsolePodcastsRepository,
  type IngestOutcome,
  type PodcastFacts,
  type RefreshSummary,
} from "../modules/podcasts/index";

export class CommandError extends Error {
  override name = "CommandError";
}

/** Options an operator may give when adding a feed; checked here, not by the database. */
export interface AddOptions {
  slug?: string;
  platform?: string;
  rating?: string;
  frequency?: string;
  category?: string[];
  featured?: boolean;
  trending?: boolean;
  new?: boolean;
}

const oneOf = (value: string, allowed: readonly string[], what: string) => {
  const match = allowed.find((option) => option.toLowerCase() === value.trim().toLowerCase());
  if (!match) throw new CommandError(`${what} must be one of: ${allowed.join(", ")} (got "${value}")`);
  return match;
};

export function factsFromOptions(options: AddOptions): PodcastFacts {
  const facts: PodcastFacts = {};
  if (options.slug !== undefined) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(options.slug)) {
      throw new CommandError(`--slug must be lower-case letters, digits and dashes (got "${options.slug}")`);
    }
    facts.slug = options.slug;
  }
  if (options.platform !== undefined)
    facts.platform = oneOf(options.platform, PODCAST_PLATFORMS, "--platform");
  if (options.frequency !== undefined)
    facts.publishFrequency = oneOf(options.frequency, PUBLISH_FREQUENCIES, "--frequency");
  if (options.rating !== undefined) {
    const rating = Number(options.rating);
    if (!/^\d(\.\d)?$/.test(options.rating.trim()) || rating < 1 || rating > 5) {
      throw new CommandError(
        `--rating must be a number from 1 to 5 with at most one decimal (got "${options.rating}")`,
      );
    }
    facts.rating = rating;
  }
  if (options.category?.length) {
    facts.categories = options.category.map((name) => oneOf(name, PODCAST_CATEGORY_NAMES, "--category"));
  }
  if (options.featured !== undefined) facts.isFeatured = options.featured;
  if (options.trending !== undefined) facts.isTrending = options.trending;
  if (options.new !== undefined) facts.isNew = options.new;
  return facts;
}

/**
 * Adds (or re-reads) one feed from an http(s) address or a local file, through the podcasts
 * module's repository as the console does: audited as the CLI, and announced (NOTIFY
 * catalogue_changed, decision 0014) in the feed's own transaction.
 */
export async function podcastsAdd(
  db: Database,
  input: string,
  options: AddOptions = {},
  /** ALLOW_PRIVATE_FEEDS, from the configuration. */
  fetching: { allowPrivateAddresses?: boolean } = {},
): Promise<IngestOutcome> {
  const facts = factsFromOptions(options);
  // npm runs scripts from the package folder; INIT_CWD is where the operator typed the command.
  const feedUrl = normaliseFeedSource(input, process.env.INIT_CWD ?? process.cwd());
  const { outcome } = await createConsolePodcastsRepository(db).readFeed(cliActor, feedUrl, {
    facts,
    ...fetching,
  });
  return outcome;
}

/** Feeds not read for this long are due for a refresh without `--all`. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;

/**
 * Which feeds to refresh: the ones named (id, slug or feed address), else every feed with `all`,
 * else the ones due (never read, failed last time, or read more than an hour ago).
 */
export async function feedsToRefresh(
  db: Database,
  targets: string[],
  all: boolean,
  now = new Date(),
): Promise<string[]> {
  if (targets.length > 0) {
    const urls: string[] = [];
    for (const target of targets) {
      const [row] = await db
        .select({ feedUrl: podcasts.feedUrl })
        .from(podcasts)
        .where(
          or(
            eq(podcasts.slug, target),
            eq(podcasts.feedUrl, target),
            /^\d{1,9}$/.test(target) ? eq(podcasts.id, Number(target)) : undefined,
          ),
        );
      if (!row)
        throw new CommandError(
          `No podcast has the id, slug or feed address "${target}" (see: podcasts list)`,
        );
      urls.push(row.feedUrl);
    }
    return urls;
  }
  const rows = await db
    .select({ feedUrl: podcasts.feedUrl })
    .from(podcasts)
    .where(
      all
        ? undefined
        : or(
            isNull(podcasts.lastFetchedAt),
            sql`${podcasts.lastError} is not null`,
            lt(podcasts.lastFetchedAt, new Date(now.getTime() - REFRESH_AFTER_MS)),
          ),
    )
    .orderBy(asc(podcasts.id));
  return rows.map((row) => row.feedUrl);
}

export async function podcastsRefresh(
  db: Database,
  targets: string[],
  options: {
    all?: boolean;
    onProgress?: (outcome: IngestOutcome, index: number, total: number) => void;
    /** ALLOW_PRIVATE_FEEDS, from the configuration. */
    allowPrivateAddresses?: boolean;
  },
): Promise<RefreshSummary> {
  const urls = await feedsToRefresh(db, targets, Boolean(options.all));
  const feeds = createConsolePodcastsRepository(db);
  const outcomes: IngestOutcome[] = [];
  // One feed after another (feed hosts are other people's servers); one bad feed never stops the rest.
  for (const [index, feedUrl] of urls.entries()) {
    const { outcome } = await feeds.readFeed(cliActor, feedUrl, {
      allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    });
    outcomes.push(outcome);
    options.onProgress?.(outcome, index, urls.length);
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

export async function podcastsList(db: Database) {
  const rows = await db
    .select({
      id: podcasts.id,
      slug: podcasts.slug,
      title: podcasts.title,
      episodes: podcasts.episodeCount,
      feed: podcasts.feedUrl,
      lastFetched: podcasts.lastFetchedAt,
      lastError: podcasts.lastError,
    })
    .from(podcasts)
    .orderBy(asc(podcasts.id));
  return rows.map((row) => ({
    ...row,
    lastFetched: row.lastFetched?.toISOString().replace(/\.\d+Z$/, "Z") ?? "never",
    lastError: row.lastError ?? "",
  }));
}

/** One line per outcome, for progress output. */
export function describeOutcome(outcome: IngestOutcome): string {
  switch (outcome.status) {
    case "added":
      return `added "${outcome.title}": ${outcome.episodesAdded} episodes`;
    case "updated":
      return `updated "${outcome.title}": ${outcome.episodesAdded} new, ${outcome.episodesUpdated} changed episodes`;
    case "not-modified":
      return `unchanged "${outcome.title}" (the server says not modified)`;
    case "failed":
      return `FAILED ${outcome.title ? `"${outcome.title}" ` : ""}${outcome.feedUrl}: ${outcome.error}`;
  }
}

export function describeSummary(
  summary: Pick<RefreshSummary, "added" | "updated" | "notModified" | "failed">,
) {
  return `added ${summary.added}, updated ${summary.updated}, unchanged ${summary.notModified}, failed ${summary.failed}`;
}
