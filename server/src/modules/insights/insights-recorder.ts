import type { InsightEvent } from "@waveform/contracts/insights";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { DAY_MS, DailySalts, utcDay } from "./daily-salts";
import { DownloadCoverage, firstMinuteBytes, isProbe, servedBytes } from "./iab-download";
import { InsightsBuffer, METRIC, UNIQUE_CODE } from "./insights-buffer";
import type { KnownCatalogue, KnownCatalogueSource } from "./known-catalogue";
import { listeningAppOf } from "./listening-app";
import { MadeUpItems } from "./made-up-items";
import { countedPagePath } from "./page-paths";
import { referrerDomain } from "./referrer";
import { notCounted, visitorHash } from "./visitor";

/** What a counted request is known by: its address and headers (a Fastify request is one). */
interface Visit {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** An audio file of an episode as the download rules need it. */
export interface MediaFile {
  episodeId: number;
  sizeBytes: number;
  durationSeconds: number | null;
}

interface RecorderOptions {
  db: Database;
  /** The site's host (PUBLIC_URL's): part of every visitor hash, and the referrer that is not kept. */
  site: string;
  log: FastifyBaseLogger;
  /** What exists in the catalogue: pages, episodes and ads of nothing it holds are not counted. */
  known: KnownCatalogueSource;
  /** Milliseconds since the epoch (tests move the day). */
  now?: () => number;
}

/** Events waiting for a day's salt at most (only while the database is slow to give it). */
const MAX_WAITING = 10_000;

const header = (visit: Visit, name: string) => {
  const value = visit.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A search term as kept: trimmed, lower case, runs of white space as one space, at most 100 characters. */
const searchTerm = (term: string) => term.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 100);

/**
 * Everything counted, on the hot path: a check (DNT, GPC, bots), a hash with the day's salt held in
 * memory and a few map increments. The buffer is written by `flush` (the plugin's timer, and on
 * close). Nothing of a request but its hash is kept, and only in memory until the flush.
 */
export class InsightsRecorder {
  readonly buffer = new InsightsBuffer();
  readonly salts: DailySalts;
  private readonly coverage = new DownloadCoverage();
  private readonly madeUp = new MadeUpItems();
  private readonly now: () => number;
  private waiting: Array<() => void> = [];
  /** Events held until the catalogue's first snapshot is read (only at start-up, or while it fails). */
  private waitingKnown: Array<(known: KnownCatalogue) => void> = [];
  private currentDay = "";
  private dayStarts = 0;
  private dayEnds = 0;

  constructor(private readonly options: RecorderOptions) {
    this.salts = new DailySalts(options.db);
    this.now = options.now ?? Date.now;
  }

  /** Today's and tomorrow's salts, so that midnight does not wait on the database. */
  async prepare(): Promise<void> {
    const now = this.now();
    await this.salts.ensure(utcDay(now));
    await this.salts.ensure(utcDay(now + DAY_MS));
    await this.options.known.refresh();
  }

  /** A server-rendered page as served (the page's path, and the Referer it was asked with). */
  pageView(visit: Visit, url: string): void {
    if (notCounted(visit.headers)) return;
    const once = this.oneHash(visit);
    this.withKnown((known) => this.view(once, known, url, header(visit, "referer")));
  }

  /** What the client's beacon reports. */
  events(visit: Visit, events: readonly InsightEvent[]): void {
    if (notCounted(visit.headers)) return;
    // One hash for the whole beacon (it is one visitor's).
    const once = this.oneHash(visit);
    this.withKnown((known) => this.countEvents(once, known, events));
  }

  private countEvents(once: Visit, known: KnownCatalogue, events: readonly InsightEvent[]): void {
    for (const event of events) {
      switch (event.kind) {
        case "pageview":
          this.view(once, known, event.path, event.referrer);
          break;
        case "play": {
          // Only an episode that exists (issue 43): a made-up id is not stored.
          if (!known.episodes.has(event.episodeId)) break;
          const day = this.today();
          const item = String(event.episodeId);
          if (event.stage === "start") {
            this.buffer.count(day, METRIC.playStart, item);
            this.withVisitor(once, day, (visitor) =>
              this.buffer.visit(day, UNIQUE_CODE.listener, item, visitor),
            );
          } else {
            this.buffer.count(day, METRIC.playListened30, item);
          }
          break;
        }
        case "search-empty": {
          const term = searchTerm(event.term);
          if (term) this.countMadeUp(once, METRIC.searchEmpty, term);
          break;
        }
        case "ad-impression":
          this.adSeen(once, known, UNIQUE_CODE.adImpression, event.adId);
          break;
        case "ad-click":
          this.adSeen(once, known, UNIQUE_CODE.adClick, event.adId);
          break;
      }
    }
  }

  /** A sponsor link followed (its `ping`). */
  adClick(visit: Visit, adId: number): void {
    if (notCounted(visit.headers)) return;
    const once = this.oneHash(visit);
    this.withKnown((known) => this.adSeen(once, known, UNIQUE_CODE.adClick, adId));
  }

  /**
   * An impression or a click of an advertisement that exists: once per visitor, ad and day (issue
   * 43: counted per event, three beacons made 60 impressions and ten pings ten clicks).
   */
  private adSeen(
    visit: Visit,
    known: KnownCatalogue,
    code: typeof UNIQUE_CODE.adImpression | typeof UNIQUE_CODE.adClick,
    adId: number,
  ): void {
    if (!known.ads.has(adId)) return;
    const day = this.today();
    this.withVisitor(visit, day, (visitor) => this.buffer.visit(day, code, String(adId), visitor));
  }

  /**
   * A count of something the visitor names (a search term, a referrer's domain): at most
   * MADE_UP_ITEMS_PER_VISITOR distinct ones per visitor and day on this server (made-up-items.ts).
   */
  private countMadeUp(visit: Visit, metric: string, item: string): void {
    const day = this.today();
    this.withVisitor(visit, day, (visitor) => {
      if (this.madeUp.allow(day, visitor, metric, item)) this.buffer.count(day, metric, item);
    });
  }

  /** A playlist saved to Spotify. */
  spotifySave(visit: Visit, what: string): void {
    if (notCounted(visit.headers)) return;
    this.buffer.count(this.today(), METRIC.spotifySave, what);
  }

  /**
   * An answer of an episode's audio, once sent: its bytes are added to what this visitor has been
   * served of it, and the download counts once they cover the first minute (iab-download.ts).
   */
  mediaServed(visit: Visit, file: MediaFile, status: number, contentRange: string | undefined): void {
    if (isProbe(header(visit, "range"))) return;
    const userAgent = header(visit, "user-agent") ?? "";
    const app = listeningAppOf(userAgent);
    if (notCounted(visit.headers, app !== "browser" && app !== "other")) return;
    const served = servedBytes(status, contentRange, file.sizeBytes);
    if (!served) return;
    const day = this.today();
    const threshold = firstMinuteBytes(file.sizeBytes, file.durationSeconds);
    this.withVisitor(this.oneHash(visit), day, (visitor) => {
      if (this.coverage.add(`${day}|${visitor}|${file.episodeId}`, served[0], served[1], threshold)) {
        this.buffer.visit(day, UNIQUE_CODE.download, `${file.episodeId}:${app}`, visitor);
      }
    });
  }

  /** Writes what has been counted (one statement), once events held for the catalogue are counted. */
  async flush(): Promise<number> {
    await this.options.known.pending?.catch(() => undefined);
    return this.buffer.flush(this.options.db);
  }

  private view(visit: Visit, known: KnownCatalogue, url: string, referrer: string | undefined): void {
    const path = countedPagePath(url, known);
    if (!path) return;
    const day = this.today();
    this.buffer.count(day, METRIC.pageView, path);
    const domain = referrerDomain(referrer, this.options.site);
    if (domain) this.countMadeUp(visit, METRIC.referrer, domain);
    // One row per visitor and page: the site's visitors are the distinct visitors of those rows.
    this.withVisitor(visit, day, (visitor) => this.buffer.visit(day, UNIQUE_CODE.page, path, visitor));
  }

  /** Runs `use` with the catalogue's snapshot: at once, but before the first one is read. */
  private withKnown(use: (known: KnownCatalogue) => void): void {
    const known = this.options.known.current();
    if (known) {
      use(known);
      return;
    }
    if (this.waitingKnown.length >= MAX_WAITING) return;
    this.waitingKnown.push(use);
    this.options.known.refresh().then(
      (snapshot) => {
        const waiting = this.waitingKnown;
        this.waitingKnown = [];
        for (const run of waiting) run(snapshot);
      },
      (error: unknown) => {
        this.options.log.warn(
          { err: error },
          "insights: the catalogue could not be read; events not counted",
        );
        this.waitingKnown = [];
      },
    );
  }

  /** The UTC day of `now()`, formatted once a day: kept with the instants it starts and ends at. */
  private today(): string {
    const now = this.now();
    if (now >= this.dayStarts && now < this.dayEnds) return this.currentDay;
    const day = utcDay(now);
    this.dayStarts = Date.parse(day);
    this.dayEnds = this.dayStarts + DAY_MS;
    if (day !== this.currentDay) {
      // A new day: yesterday's salt and downloads in progress are forgotten here (the rollup
      // deletes the stored salt), and tomorrow's salt is made ready.
      this.currentDay = day;
      this.salts.forgetBefore(day);
      this.coverage.forgetBefore(day);
      this.madeUp.forgetBefore(day);
      this.salts.ensure(utcDay(now + DAY_MS)).catch(() => undefined);
    }
    return day;
  }

  /** A copy of the visit that remembers its hash once computed (for the day it was computed for). */
  private oneHash(visit: Visit): Visit & { hashed?: [string, string] } {
    return { ip: visit.ip, headers: visit.headers };
  }

  /** Runs `use` with the visitor's hash for `day`: at once when this server has the day's salt. */
  private withVisitor(
    visit: Visit & { hashed?: [string, string] },
    day: string,
    use: (visitor: string) => void,
  ): void {
    const userAgent = header(visit, "user-agent") ?? "";
    const salt = this.salts.get(day);
    if (salt) {
      if (visit.hashed?.[0] !== day)
        visit.hashed = [day, visitorHash(salt, this.options.site, visit.ip, userAgent)];
      use(visit.hashed[1]);
      return;
    }
    if (this.waiting.length >= MAX_WAITING) return;
    const { ip } = visit;
    this.waiting.push(() => {
      const late = this.salts.get(day);
      if (late) use(visitorHash(late, this.options.site, ip, userAgent));
    });
    this.salts.ensure(day).then(
      () => this.drainWaiting(),
      (error: unknown) => {
        this.options.log.warn(
          { err: error },
          "insights: the day's salt could not be read; visitors not counted",
        );
        this.waiting = [];
      },
    );
  }

  private drainWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const run of waiting) run();
  }
}
