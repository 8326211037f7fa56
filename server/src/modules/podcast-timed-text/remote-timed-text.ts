import type { EpisodeChapter, TranscriptCue } from "@waveform/contracts/podcast-pages";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes, episodeTimedText, podcasts } from "../../db/schema";
import { type FetchFeedOptions, fetchFeed } from "../../integrations/feeds/fetch-feed";
import type { FeedTranscript } from "../../integrations/feeds/parsed-feed";
import { chaptersOf } from "./episode-timed-text";
import type { ParseBudget } from "./parse-budget";
import {
  FORMAT_ORDER,
  readTranscript,
  type TranscriptFormat,
  TranscriptTooSlowError,
  transcriptFormat,
} from "./transcript-formats";

/**
 * Caps per file (decision 0027). Chapters: a three-hour show with a hundred chapters, each with an
 * image and a link, is about 30 KB of JSON; 512 KB leaves room and stops a wrong link to an MP3 at
 * once. Transcripts: three hours of speech are about 30,000 words, some 400 KB as WebVTT or SRT
 * with a cue a sentence; word-level JSON runs to about four times that; 2 MB holds both.
 */
interface TimedTextLimits {
  chaptersBytes: number;
  transcriptBytes: number;
  timeoutMs: number;
  episodesPerRun: number;
  concurrency: number;
  retryAfterMs: number;
}
const TIMED_TEXT_LIMITS: Readonly<TimedTextLimits> = {
  chaptersBytes: 512 * 1024,
  transcriptBytes: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  /** Episodes read per run, newest first; the rest wait for the next run (no burst at a feed host). */
  episodesPerRun: 20,
  /** Files read at once. */
  concurrency: 3,
  /** A failed read is tried again after this long (or at once when the feed links another address). */
  retryAfterMs: 24 * 60 * 60 * 1000,
};

const isWeb = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** The transcript link the site reads: WebVTT first, then SRT, then JSON; none for HTML or plain text. */
export function chosenTranscript(
  links: FeedTranscript[] | null,
): { url: string; format: TranscriptFormat } | null {
  const readable = (links ?? []).flatMap((link) => {
    const format = transcriptFormat(link.type);
    return format && isWeb(link.url) ? [{ url: link.url, format }] : [];
  });
  readable.sort((a, b) => FORMAT_ORDER.indexOf(a.format) - FORMAT_ORDER.indexOf(b.format));
  return readable[0] ?? null;
}

export type Kind = "chapters" | "transcript";
interface Stored {
  sourceUrl: string;
  failed: boolean;
  fetchedAt: Date;
}
interface Task {
  episodeId: number;
  podcastId: number;
  kind: Kind;
  url: string;
  format: TranscriptFormat | null;
}

/** Whether a link needs reading: never read, another address now, or failed over a day ago. */
function due(url: string, stored: Stored | undefined, now: number, retryAfterMs: number): boolean {
  if (!stored || stored.sourceUrl !== url) return true;
  return stored.failed && now - stored.fetchedAt.getTime() >= retryAfterMs;
}

/** The reads due, for the newest `episodesPerRun` web episodes that have any. */
async function dueTasks(db: Database, episodesPerRun: number, retryAfterMs: number): Promise<Task[]> {
  const rows = await db
    .select({
      id: episodes.id,
      podcastId: episodes.podcastId,
      chaptersUrl: episodes.chaptersUrl,
      transcripts: episodes.transcripts,
    })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(
      and(
        sql`${podcasts.feedUrl} ~* '^https?://'`,
        sql`(${episodes.chaptersUrl} ~* '^https?://' or jsonb_array_length(coalesce(${episodes.transcripts}, '[]'::jsonb)) > 0)`,
      ),
    )
    .orderBy(sql`${episodes.publishedAt} desc nulls last`, sql`${episodes.id} desc`);
  if (rows.length === 0) return [];
  const stored = new Map<string, Stored>();
  for (const ids of chunks(
    rows.map((row) => row.id),
    1000,
  )) {
    const found = await db
      .select({
        episodeId: episodeTimedText.episodeId,
        kind: episodeTimedText.kind,
        sourceUrl: episodeTimedText.sourceUrl,
        error: episodeTimedText.error,
        fetchedAt: episodeTimedText.fetchedAt,
      })
      .from(episodeTimedText)
      .where(inArray(episodeTimedText.episodeId, ids));
    for (const row of found) {
      stored.set(`${row.episodeId}:${row.kind}`, {
        sourceUrl: row.sourceUrl,
        failed: row.error !== null,
        fetchedAt: new Date(row.fetchedAt),
      });
    }
  }
  const now = Date.now();
  const tasks: Task[] = [];
  let episodesTaken = 0;
  for (const row of rows) {
    if (episodesTaken >= episodesPerRun) break;
    const wanted: Task[] = [];
    if (isWeb(row.chaptersUrl) && due(row.chaptersUrl, stored.get(`${row.id}:chapters`), now, retryAfterMs))
      wanted.push({
        episodeId: row.id,
        podcastId: row.podcastId,
        kind: "chapters",
        url: row.chaptersUrl,
        format: null,
      });
    const transcript = chosenTranscript(row.transcripts);
    if (transcript && due(transcript.url, stored.get(`${row.id}:transcript`), now, retryAfterMs))
      wanted.push({ episodeId: row.id, podcastId: row.podcastId, kind: "transcript", ...transcript });
    if (wanted.length > 0) {
      tasks.push(...wanted);
      episodesTaken++;
    }
  }
  return tasks;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

type TimedTextFetchOptions = Pick<
  FetchFeedOptions,
  "allowPrivateAddresses" | "resolve" | "isForbidden" | "timeoutMs"
> & {
  signal?: AbortSignal;
  limits?: Partial<Omit<TimedTextLimits, "timeoutMs">>;
  /** A transcript's parse time budget (tests; see parse-budget.ts). */
  parseBudget?: ParseBudget;
};

/** Reads one file through the feed fetcher's address guard, capped, and parses it; throws a readable error. */
async function readTask(
  task: Task,
  options: TimedTextFetchOptions,
): Promise<EpisodeChapter[] | TranscriptCue[]> {
  const limits = { ...TIMED_TEXT_LIMITS, ...options.limits };
  const chapters = task.kind === "chapters";
  const result = await fetchFeed(task.url, {
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    timeoutMs: options.timeoutMs ?? TIMED_TEXT_LIMITS.timeoutMs,
    maxBytes: chapters ? limits.chaptersBytes : limits.transcriptBytes,
    ...(options.resolve && { resolve: options.resolve }),
    ...(options.isForbidden && { isForbidden: options.isForbidden }),
    accept: chapters
      ? "application/json+chapters, application/json;q=0.9, */*;q=0.5"
      : "text/vtt, application/x-subrip, application/srt, application/json;q=0.9, */*;q=0.5",
    label: chapters ? "chapters file" : "transcript",
  });
  if (result.kind !== "fetched") throw new Error(`The ${task.kind} at ${task.url} answered 304 unasked.`);
  // WebVTT is UTF-8 by definition; chapters are JSON (UTF-8); SRT in the wild is nearly always UTF-8.
  const text = new TextDecoder("utf-8").decode(result.bytes);
  if (chapters) {
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ""));
    } catch {
      throw new Error(`The chapters file at ${task.url} is not JSON.`);
    }
    const list = chaptersOf(json);
    if (list.length === 0)
      throw new Error(`The chapters file at ${task.url} has no chapters with a start and a title.`);
    return list;
  }
  let cues: TranscriptCue[];
  try {
    cues = await readTranscript(task.format ?? "vtt", text, options.parseBudget);
  } catch (error) {
    if (error instanceof TranscriptTooSlowError)
      throw new Error(`The transcript at ${task.url} ${error.message}.`);
    throw error;
  }
  if (cues.length === 0)
    throw new Error(`The transcript at ${task.url} has no cues (read as ${task.format?.toUpperCase()}).`);
  return cues;
}

export interface TimedTextRun {
  /** Files read and stored. */
  stored: number;
  /** Failures, as sentences naming the address. */
  failures: string[];
  /** Shows whose episodes' transcripts were read, well or not (their search documents are stale). */
  podcastIds: number[];
}

/**
 * Reads the chapters and transcripts web shows' episodes link and have not been read (or changed
 * address, or failed a day ago), the newest `episodesPerRun` episodes' worth, `concurrency` at a
 * time, through the feed fetcher (same address guard, redirects re-checked, deadline) with a size
 * cap each. What parses is stored; a failure is stored as its error and never thrown: the episode
 * simply shows none. Stops starting new reads when `signal` aborts.
 */
export async function fetchDueTimedText(
  db: Database,
  options: TimedTextFetchOptions = {},
): Promise<TimedTextRun> {
  const limits = { ...TIMED_TEXT_LIMITS, ...options.limits };
  const tasks = await dueTasks(db, limits.episodesPerRun, limits.retryAfterMs);
  const run: TimedTextRun = { stored: 0, failures: [], podcastIds: [] };
  const changed = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !options.signal?.aborted) {
      const task = tasks[next++];
      if (!task) break;
      let content: EpisodeChapter[] | TranscriptCue[] | null = null;
      let error: string | null = null;
      try {
        content = await readTask(task, options);
      } catch (failure) {
        error =
          failure instanceof Error && failure.message
            ? failure.message
            : `The ${task.kind} could not be read.`;
      }
      const row = { sourceUrl: task.url, content, error, fetchedAt: new Date() };
      await db
        .insert(episodeTimedText)
        .values({ episodeId: task.episodeId, kind: task.kind, ...row })
        .onConflictDoUpdate({ target: [episodeTimedText.episodeId, episodeTimedText.kind], set: row });
      if (error) run.failures.push(error);
      else run.stored++;
      // A transcript's words are in the show's search documents; chapters only on the page.
      if (task.kind === "transcript") changed.add(task.podcastId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, tasks.length) }, worker));
  run.podcastIds = [...changed];
  return run;
}
