import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** What is counted (the `metric` column). */
export const METRIC = {
  /** Views of a page, by path. */
  pageView: "pageview",
  /** Visits from another site, by its domain. */
  referrer: "referrer",
  /** The site's player started an episode / played 30 s of it, by episode id. */
  playStart: "play-start",
  playListened30: "play-30",
  /** A search that found nothing, by its term (lower case, spaces collapsed). */
  searchEmpty: "search-empty",
  /** The sponsor banner shown / its link followed, by ad id. */
  adImpression: "ad-impression",
  adClick: "ad-click",
  /** A playlist saved to Spotify, by what was saved (playlist:<id>, genre, tracks). */
  spotifySave: "spotify-save",
} as const;

/** What visitors are counted of (unique per day): the site, a page, an episode's listeners and downloads. */
export const UNIQUE = {
  site: "site",
  /** By page path. */
  page: "page",
  /** By episode id: visitors who started it in the site's player. */
  listener: "listener",
  /** By `<episodeId>:<app>`: IAB downloads. */
  download: "download",
} as const;

const SEP = "\t";

interface Rows {
  counts: Array<{ day: string; metric: string; item: string; n: number }>;
  visitors: Array<{ day: string; metric: string; item: string; visitor: string }>;
}

/**
 * Counting in memory: an increment per event, a set of visitor hashes per thing, until the next
 * flush writes them all in ONE statement (both tables through data-modifying CTEs). Rows go in key
 * order so that servers flushing at once lock rows in the same order (no deadlock). A flush that
 * fails puts its rows back for the next one.
 */
export class InsightsBuffer {
  private counts = new Map<string, number>();
  private visitors = new Set<string>();
  /**
   * Visitor keys this server has written, of the newest day it wrote: a visitor seen again that day
   * is not sent again (the table has them already). Bounded: beyond it, keys are sent again and the
   * table's key drops the repeats.
   */
  private written = new Set<string>();
  private writtenDay = "";
  private flushing: Promise<number> | null = null;

  constructor(private readonly maxWritten = 1_000_000) {}

  count(day: string, metric: string, item: string, n = 1): void {
    const key = `${day}${SEP}${metric}${SEP}${item}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  visit(day: string, metric: string, item: string, visitor: string): void {
    const key = `${day}${SEP}${metric}${SEP}${item}${SEP}${visitor}`;
    if (!this.written.has(key)) this.visitors.add(key);
  }

  /** Keys waiting for the next flush. */
  get size(): number {
    return this.counts.size + this.visitors.size;
  }

  /** Writes what is waiting; resolves with the keys written (a flush under way is waited for first). */
  async flush(db: Database): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.size === 0) return 0;
    const counts = this.counts;
    const visitors = this.visitors;
    this.counts = new Map();
    this.visitors = new Set();
    this.flushing = writeRows(db, toRows(counts, visitors))
      .then(() => {
        this.remember(visitors);
        return counts.size + visitors.size;
      })
      .catch((error: unknown) => {
        for (const [key, n] of counts) this.counts.set(key, (this.counts.get(key) ?? 0) + n);
        for (const key of visitors) this.visitors.add(key);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  private remember(visitors: Set<string>): void {
    for (const key of visitors) {
      const day = key.slice(0, 10);
      if (day > this.writtenDay) {
        this.written = new Set();
        this.writtenDay = day;
      }
      if (day === this.writtenDay && this.written.size < this.maxWritten) this.written.add(key);
    }
  }
}

function toRows(counts: Map<string, number>, visitors: Set<string>): Rows {
  const split = (key: string) => key.split(SEP) as [string, string, string, string?];
  return {
    counts: [...counts]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, n]) => {
        const [day, metric, item] = split(key);
        return { day, metric, item, n };
      }),
    visitors: [...visitors].sort().map((key) => {
      const [day, metric, item, visitor = ""] = split(key);
      return { day, metric, item, visitor };
    }),
  };
}

async function writeRows(db: Database, rows: Rows): Promise<void> {
  await db.execute(sql`
    with added_counts as (
      insert into insight_counts (day, metric, item, count)
      select day, metric, item, n
      from jsonb_to_recordset(${JSON.stringify(rows.counts)}::jsonb) as r(day date, metric text, item text, n bigint)
      on conflict (day, metric, item) do update set count = insight_counts.count + excluded.count
      returning 1
    ), added_visitors as (
      insert into insight_visitors (day, metric, item, visitor)
      select day, metric, item, visitor
      from jsonb_to_recordset(${JSON.stringify(rows.visitors)}::jsonb) as r(day date, metric text, item text, visitor text)
      on conflict do nothing
      returning 1
    )
    select (select count(*) from added_counts) as counts, (select count(*) from added_visitors) as visitors`);
}
