import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { createJobLease, type JobLease } from "../db/job-lease";

/** A background job that one server at a time runs, every `everyMs` across all of them. */
export interface Job {
  /** Its row in job_leases, shared by every server. */
  name: string;
  /** Time from the end of one run (on any server) to the next. */
  everyMs: number;
  /**
   * The longest a run may take: a server that dies while running frees the job after this long,
   * and another takes it over.
   */
  leaseMs: number;
  /** Runs once; a throw is logged and the job runs again after `everyMs`. */
  run(signal: AbortSignal): Promise<void>;
  /** How often each server asks whether this job is due, and first after start (the runner's by default). */
  checkMs?: number;
  firstCheckMs?: number;
}

interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  jobs: Job[];
  /** How often this server asks whether a job is due (one upsert per job). Default 15 s. */
  checkMs?: number;
  /** Wait after start before the first check (the server has just started). Default checkMs. */
  firstCheckMs?: number;
  /** Names this server in job_leases. */
  holder?: string;
}

export interface JobRunner {
  /** Adds a job (before start). */
  add(job: Job): void;
  start(): void;
  /** Checks every job once now: runs the ones due whose lease this server gets; returns their names. */
  runDue(): Promise<string[]>;
  /** Stops checking and waits for runs under way (they are told to stop through their signal). */
  stop(): Promise<void>;
}

/**
 * Runs background jobs on exactly one of the servers sharing a database (PGlite: the one), with the
 * job_leases table the Spotify id resolver uses: a server takes a job's lease (one atomic upsert;
 * of several asking at once exactly one gets it), runs it, and gives it back with a pause of
 * `everyMs` for every server, so the job runs once per period whichever server runs it. A server
 * that dies mid-run never gives it back: the lease expires after `leaseMs` and another takes over.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const checkMs = options.checkMs ?? 15_000;
  const holder = options.holder ?? `${process.pid}-${randomUUID()}`;
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const jobs: Job[] = [];
  const leases = new Map<string, JobLease>();
  const add = (job: Job) => {
    if (leases.has(job.name)) throw new Error(`two background jobs are called ${job.name}`);
    jobs.push(job);
    leases.set(job.name, createJobLease(options.db, job.name, holder));
  };
  for (const job of options.jobs) add(job);
  const timers: NodeJS.Timeout[] = [];
  /** Failures to reach the database are logged once until a check succeeds again. */
  let checkFailing = false;

  async function runJob(job: Job, lease: JobLease): Promise<void> {
    const started = Date.now();
    try {
      await job.run(stopping.signal);
    } catch (error) {
      if (!stopping.signal.aborted) options.log.warn({ err: error, job: job.name }, "background job failed");
    } finally {
      // A run cut short by a shutdown is given back at once, for another server to take.
      const pauseSeconds = stopping.signal.aborted ? 0 : job.everyMs / 1000;
      await lease.release(pauseSeconds).catch((error: unknown) => {
        options.log.warn({ err: error, job: job.name }, "could not give a background job back");
      });
      options.log.debug({ job: job.name, ms: Date.now() - started }, "background job ran");
    }
  }

  /**
   * Takes the job's lease if it is due and free, and starts it; resolves once started, with the run
   * (wrapped: an async function's promise would wait for the run), or null.
   */
  async function startIfDue(job: Job): Promise<{ run: Promise<void> } | null> {
    const lease = leases.get(job.name);
    if (stopping.signal.aborted || !lease || running.has(job.name)) return null;
    try {
      const acquired = await lease.acquire(job.leaseMs);
      checkFailing = false;
      if (!acquired) return null;
    } catch (error) {
      if (!checkFailing) options.log.warn({ err: error }, "background jobs: could not check the database");
      checkFailing = true;
      return null;
    }
    const run = runJob(job, lease).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return { run };
  }

  async function runDue(): Promise<string[]> {
    const started: Promise<void>[] = [];
    const names: string[] = [];
    for (const job of jobs) {
      const start = await startIfDue(job);
      if (start) {
        started.push(start.run);
        names.push(job.name);
      }
    }
    await Promise.all(started);
    return names;
  }

  return {
    add,
    start() {
      for (const job of jobs) {
        const tick = () => {
          if (!stopping.signal.aborted) void startIfDue(job);
        };
        // The first check waits for the server to settle; the regular checks start from it (a job
        // checked more often than that wait would otherwise run before it).
        const first = setTimeout(
          () => {
            tick();
            if (stopping.signal.aborted) return;
            const every = setInterval(tick, job.checkMs ?? checkMs);
            every.unref();
            timers.push(every);
          },
          job.firstCheckMs ?? options.firstCheckMs ?? checkMs,
        );
        first.unref();
        timers.push(first);
      }
    },
    runDue,
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled(running.values());
    },
  };
}
