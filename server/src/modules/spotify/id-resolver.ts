import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { createJobLease } from "../../db/job-lease";
import { AppCredentialsRefusedError } from "../../integrations/spotify/app-token";
import { quoted, type SearchItem, type SpotifyApi } from "../../integrations/spotify/spotify-api";
import { SpotifyError } from "../../integrations/spotify/spotify-errors";
import { bestMatch } from "./best-match";
import { createIdResolverRepository, type LookupKind, type Wanted } from "./id-resolver.repository";

export interface IdResolverOptions {
  /** Songs and albums looked up per run at most (each takes one or two searches). */
  batch?: number;
  /** Pause between two requests to Spotify. */
  gapMs?: number;
  /** Time between runs, and before the first one after start. */
  intervalMs?: number;
  firstRunMs?: number;
  /** A "not found" is asked again after this many days (Spotify's catalogue grows). */
  retryNotFoundDays?: number;
  /** How long a run may hold the job; a server that dies mid-run frees it after this. */
  leaseMs?: number;
}

type RunOutcome =
  | { ran: false; reason: "waiting" | "disabled" | "stopped" }
  | { ran: true; found: number; notFound: number; fromCache: number; pausedSeconds: number };

const DEFAULTS: Required<IdResolverOptions> = {
  batch: 50,
  gapMs: 300,
  intervalMs: 60_000,
  firstRunMs: 2_000,
  retryNotFoundDays: 7,
  leaseMs: 10 * 60_000,
};
export const ID_RESOLVER_JOB = "spotify-id-resolver";
const URI = { track: /^spotify:track:[A-Za-z0-9]{22}$/, album: /^spotify:album:[A-Za-z0-9]{22}$/ } as const;

/**
 * The background job that finds the Spotify ids of playlist tracks and releases that have none,
 * with the app's own token: a /search with field filters, then a plain one, each answer checked by
 * bestMatch. What it learns (found or not) is kept in spotify_lookups, so Spotify is asked once per
 * song. A 429 pauses the job, for every server, for its Retry-After. Never on a visitor's request.
 */
export function createIdResolver(
  deps: { db: Database; api: SpotifyApi; log: FastifyBaseLogger; onChange?: () => void },
  options: IdResolverOptions = {},
) {
  const settings = { ...DEFAULTS, ...options };
  const repository = createIdResolverRepository(deps.db);
  const lease = createJobLease(deps.db, ID_RESOLVER_JOB, `${process.pid}-${randomUUID()}`);
  const stopping = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<RunOutcome> | null = null;
  let disabled = false;
  let lastProblem: string | null = null;
  let lastRequestAt = 0;

  /** Waits out the gap since the previous request (given up at once when the job stops). */
  async function pace(): Promise<void> {
    const wait = lastRequestAt + settings.gapMs - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal: stopping.signal, ref: false });
    lastRequestAt = Date.now();
  }

  async function search(kind: LookupKind, q: string): Promise<SearchItem[]> {
    await pace();
    const items = await deps.api.searchItems(kind, q);
    return items.filter((item) => URI[kind].test(item.uri));
  }

  /** The field filters find the usual spelling; the plain query finds remasters and editions. */
  async function lookUp({ kind, title, artist }: Wanted): Promise<string | null> {
    const precise = await search(kind, `${kind}:${quoted(title)} artist:${quoted(artist)}`);
    const hit = bestMatch(precise, title, artist);
    if (hit) return hit.uri;
    const loose = await search(kind, `${title} ${artist}`.replaceAll('"', " "));
    return bestMatch(loose, title, artist)?.uri ?? null;
  }

  function report(error: unknown, outcome: RunOutcome & { ran: true }): void {
    if (error instanceof SpotifyError && error.failure === "rate-limited") {
      outcome.pausedSeconds = error.retryAfterSeconds ?? 1;
      deps.log.info(
        { retryAfterSeconds: outcome.pausedSeconds },
        "Spotify id resolver: rate limited, pausing",
      );
    } else if (error instanceof AppCredentialsRefusedError) {
      disabled = true;
      deps.log.error(
        { reason: error.message },
        "Spotify id resolver stopped: the client credentials were refused",
      );
    } else if (!stopping.signal.aborted) {
      const reason = (error as Error).message;
      // A long outage logs once, not every run.
      if (reason !== lastProblem) deps.log.warn({ reason }, "Spotify id resolver: run failed; will retry");
      lastProblem = reason;
    }
  }

  async function run(): Promise<RunOutcome> {
    if (disabled) return { ran: false, reason: "disabled" };
    if (stopping.signal.aborted) return { ran: false, reason: "stopped" };
    if (!(await lease.acquire(settings.leaseMs))) return { ran: false, reason: "waiting" };
    const outcome = { ran: true as const, found: 0, notFound: 0, fromCache: 0, pausedSeconds: 0 };
    // A run ends well inside its lease, so no other server can take the job while it works.
    const deadline = Date.now() + settings.leaseMs / 2;
    try {
      outcome.fromCache += await repository.applyFound("track");
      outcome.fromCache += await repository.applyFound("album");
      const albums = await repository.pending(
        "album",
        Math.ceil(settings.batch / 5),
        settings.retryNotFoundDays,
      );
      const tracks = await repository.pending(
        "track",
        settings.batch - albums.length,
        settings.retryNotFoundDays,
      );
      for (const wanted of [...tracks, ...albums]) {
        if (stopping.signal.aborted || Date.now() > deadline) break;
        const uri = await lookUp(wanted);
        await repository.record(wanted, uri);
        if (uri) outcome.found += 1;
        else outcome.notFound += 1;
      }
      lastProblem = null;
    } catch (error) {
      report(error, outcome);
    } finally {
      await lease.release(outcome.pausedSeconds).catch((error: unknown) => {
        deps.log.warn({ err: error }, "Spotify id resolver: could not release its lease");
      });
      if (outcome.found + outcome.fromCache > 0) deps.onChange?.();
    }
    if (outcome.found + outcome.notFound + outcome.fromCache > 0)
      deps.log.info(outcome, "Spotify ids resolved");
    return outcome;
  }

  /** One run now (or the one under way): the tests' entry, and what the timer calls. */
  const runOnce = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    if (!stopping.signal.aborted && !disabled) {
      runOnce().catch((error: unknown) => deps.log.error({ err: error }, "Spotify id resolver run failed"));
    }
  };

  return {
    runOnce,
    /** Runs shortly after start, then every intervalMs; the timers do not keep the process alive. */
    start() {
      const first = setTimeout(tick, settings.firstRunMs);
      const every = setInterval(tick, settings.intervalMs);
      first.unref();
      every.unref();
      timers.push(first, every);
    },
    /** Stops the timers and any pause between requests, and waits for a run under way to end. */
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
