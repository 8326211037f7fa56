import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_TTL_MS } from "../plugins/sessions";
import { purgeRateLimitHits } from "../stores/rate-limit-store";
import { createSessionStore } from "../stores/session-store";
import { refreshDueWebFeeds } from "./feed-refresh";
import { createJobRunner, type Job } from "./job-runner";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface JobsOptions {
  /** FEED_REFRESH: the hourly refresh of due web feeds. */
  feedRefresh: boolean;
  /** ALLOW_PRIVATE_FEEDS. */
  allowPrivateFeeds: boolean;
  /** Tests: how often this server checks for due jobs, and the wait before the first check. */
  checkMs?: number;
  firstCheckMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Adds a background job of a module (before the app is ready). */
    addBackgroundJob(job: Job): void;
    /** Runs the jobs that are due and whose lease this server gets (tests; the timers do it too). */
    runDueJobs(): Promise<string[]>;
  }
}

/**
 * The background jobs that exactly one server runs at a time (decision 0014): expired sessions and
 * rate-limit rows purged, due podcast web feeds refreshed, and the ones modules add (the newsletter
 * outbox). From when the app is ready until it starts closing.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsOptions) => {
    const sessionStore = createSessionStore(app.db, {
      idleMs: SESSION_TTL_MS,
      absoluteMs: SESSION_ABSOLUTE_TTL_MS,
    });
    const jobs: Job[] = [
      {
        name: "session-purge",
        everyMs: HOUR_MS,
        leaseMs: 10 * MINUTE_MS,
        run: async () => {
          const purged = await sessionStore.purgeExpired();
          if (purged > 0) app.log.info({ purged }, "purged expired sessions");
        },
      },
      {
        name: "rate-limit-purge",
        everyMs: 10 * MINUTE_MS,
        leaseMs: 10 * MINUTE_MS,
        run: async () => {
          await purgeRateLimitHits(app.db);
        },
      },
    ];
    if (options.feedRefresh) {
      jobs.push({
        name: "podcast-feed-refresh",
        everyMs: HOUR_MS,
        // Feeds are read one after another, each within its fetch timeout.
        leaseMs: 30 * MINUTE_MS,
        run: async (signal) => {
          await refreshDueWebFeeds(app.db, {
            log: app.log,
            allowPrivateAddresses: options.allowPrivateFeeds,
            signal,
            onChange: () => app.catalogueCache.clear(),
          });
        },
      });
    }
    const runner = createJobRunner({
      db: app.db,
      log: app.log,
      jobs,
      ...(options.checkMs !== undefined && { checkMs: options.checkMs }),
      // A minute after start: a server that has just started has its own work to do first.
      firstCheckMs: options.firstCheckMs ?? MINUTE_MS,
    });
    app.decorate("addBackgroundJob", (job: Job) => runner.add(job));
    app.decorate("runDueJobs", () => runner.runDue());
    app.addHook("onReady", async () => runner.start());
    // Before any onClose hook: no job starts on a module (the mailer) or database being closed.
    app.addHook("preClose", async () => runner.stop());
  },
  { name: "jobs", dependencies: ["db", "catalogue-cache"] },
);
