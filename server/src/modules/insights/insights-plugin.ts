import type { InsightEvent } from "@waveform/contracts/insights";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { PODCAST_MEDIA_PREFIX } from "../podcasts/index";
import { createInsightsRepository, type InsightsRepository } from "./insights.repository";
import { InsightsRecorder } from "./insights-recorder";
import { rollUpInsights } from "./insights-rollup";
import { KnownCatalogueSource, readKnownCatalogue } from "./known-catalogue";
import { createMediaFiles } from "./media-files";

const MINUTE_MS = 60_000;

interface InsightsOptions {
  /**
   * INSIGHTS: off counts nothing (the report, trending and most played still answer); the rollup
   * still runs, so what earlier days counted loses its visitor hashes and salts as usual.
   */
  enabled: boolean;
  /** INSIGHTS_FLUSH_MS: how often counts are written; a `kill -9` loses at most this much. */
  flushMs: number;
  /** PUBLIC_URL's host. */
  site: string;
  /** Tests: the clock (ms since the epoch). */
  now?: () => number;
}

interface Insights {
  readonly enabled: boolean;
  readonly recorder: InsightsRecorder;
  readonly repository: InsightsRepository;
  now(): number;
  /** A server-rendered page, as served. */
  pageView(request: FastifyRequest): void;
  events(request: FastifyRequest, events: readonly InsightEvent[]): void;
  adClick(request: FastifyRequest, adId: number): void;
  spotifySave(request: FastifyRequest, what: string): void;
  /** An answer of `/media/podcasts/…`, once sent (an onResponse hook). */
  mediaAnswered(request: FastifyRequest, reply: FastifyReply): void;
  /** Writes what is counted now (tests; the timer and the close do it too). */
  flush(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    insights: Insights;
  }
}

/**
 * Cookie-less insights (issue 33, decision 0022): counting in memory on the hot path, written every
 * `flushMs` and when the app closes (after its last requests, before the database closes: onClose
 * hooks run last-registered first), and the daily rollup as a background job one server runs.
 */
export const insightsPlugin = fp(
  async (app: FastifyInstance, options: InsightsOptions) => {
    const now = options.now ?? Date.now;
    // Read again when the catalogue cache is cleared (a write here, NOTIFY from another server).
    const known = new KnownCatalogueSource(() => readKnownCatalogue(app.db), app.catalogueCache.version);
    const recorder = new InsightsRecorder({ db: app.db, site: options.site, log: app.log, now, known });
    const repository = createInsightsRepository(app.db);
    const mediaFile = createMediaFiles(app.db);
    const { enabled } = options;
    let flushFailing = false;
    /** Downloads whose file is being looked up: a flush waits for them. */
    const lookups = new Set<Promise<void>>();
    const flush = async () => {
      await Promise.all(lookups);
      return recorder.flush().then(
        (written) => {
          flushFailing = false;
          return written;
        },
        (error: unknown) => {
          if (!flushFailing)
            app.log.warn({ err: error }, "insights: counts could not be written; kept for the next flush");
          flushFailing = true;
          throw error;
        },
      );
    };

    app.decorate("insights", {
      enabled,
      recorder,
      repository,
      now,
      pageView: (request) => {
        if (enabled) recorder.pageView(request, request.url);
      },
      events: (request, events) => {
        if (enabled) recorder.events(request, events);
      },
      adClick: (request, adId) => {
        if (enabled) recorder.adClick(request, adId);
      },
      spotifySave: (request, what) => {
        if (enabled) recorder.spotifySave(request, what);
      },
      mediaAnswered: (request, reply) => {
        // onResponse runs on the answer's 'finish' and on its 'error' (a listener gone mid-file):
        // only an answer whose every byte was handed over counts (ended, not destroyed).
        if (!enabled || request.method !== "GET" || !reply.raw.writableEnded || reply.raw.destroyed) return;
        const status = reply.statusCode;
        if (status !== 200 && status !== 206) return;
        const path = request.url.split("?", 1)[0] ?? "";
        if (!path.startsWith(PODCAST_MEDIA_PREFIX) || !path.endsWith(".mp3")) return;
        const contentRange = reply.getHeader("content-range");
        const lookup = mediaFile(path)
          .then((file) => {
            if (file)
              recorder.mediaServed(
                request,
                file,
                status,
                typeof contentRange === "string" ? contentRange : undefined,
              );
          })
          .catch((error: unknown) => app.log.warn({ err: error, path }, "insights: download not counted"))
          .finally(() => lookups.delete(lookup));
        lookups.add(lookup);
      },
      flush,
    } satisfies Insights);

    // The rollup runs whatever INSIGHTS says: switched off after days with it on, the ended days'
    // visitor hashes and salts must still go (turned into totals), not stay forever.
    app.addBackgroundJob({
      name: "insights-rollup",
      everyMs: 5 * MINUTE_MS,
      leaseMs: 5 * MINUTE_MS,
      run: async () => {
        const days = await rollUpInsights(app.db, now());
        if (days.length > 0)
          app.log.info({ days }, "insights: ended days rolled up, their visitor hashes and salts deleted");
      },
    });

    if (!enabled) return;
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      await recorder
        .prepare()
        .catch((error: unknown) => app.log.warn({ err: error }, "insights: no salt yet"));
      timer = setInterval(() => flush().catch(() => undefined), options.flushMs);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await flush().catch(() => undefined);
    });
  },
  { name: "insights", dependencies: ["db", "jobs", "catalogue-cache"] },
);
