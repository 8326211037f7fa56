import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { VISITOR_HASH_LENGTH, visitorAsBigint } from "./visitor";

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

/**
 * What visitors are counted of (unique per day), as `insight_uniques` and the report name them:
 * the site, a page, an episode's listeners and downloads.
 */
export const UNIQUE = {
  site: "site",
  /** By page path. */
  page: "page",
  /** By episode id: visitors who started it in the site's player. */
  listener: "listener",
  /** By `<episodeId>:<app>`: IAB downloads. */
  download: "download",
} as const;

/**
 * How `insight_visitors` stores what a visitor was counted of (its smallint `metric`). The site has
 * no rows of its own: its visitors are the distinct visitors of the day's `page` rows.
 */
export const UNIQUE_CODE = {
  page: 1,
  listener: 2,
  download: 3,
} as const satisfies Record<Exclude<keyof typeof UNIQUE, "site">, number>;
export type UniqueCode = (typeof UNIQUE_CODE)[keyof typeof UNIQUE_CODE];

const SEP = "\t";

/** A flush's rows as one array per column (each bound as ONE array parameter, read by `unnest`). */
interface Rows {
  counts: { day: string[]; metric: string[]; item: string[]; n: number[] };
  /** `visitor`: the hash as a signed 64-bit integer, in decimal (visitor.ts `visitorAsBigint`). */
  visitors: { day: string[]; metric: number[]; item: string[]; visitor: string[] };
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

  visit(day: string, metric: UniqueCode, item: string, visitor: string): void {
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
  const rows: Rows = {
    counts: { day: [], metric: [], item: [], n: [] },
    visitors: { day: [], metric: [], item: [], visitor: [] },
  };
  const c = rows.counts;
  for (const [key, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [day = "", metric = "", item = ""] = key.split(SEP);
    c.day.push(day);
    c.metric.push(metric);
    c.item.push(item);
    c.n.push(n);
  }
  const v = rows.visitors;
  for (const key of [...visitors].sort()) {
    // The item may hold anything but the separator; the visitor hash is the last 16 characters.
    const metricEnds = key.indexOf(SEP, 11);
    v.day.push(key.slice(0, 10));
    v.metric.push(Number(key.slice(11, metricEnds)));
    v.item.push(key.slice(metricEnds + 1, -VISITOR_HASH_LENGTH - 1));
    v.visitor.push(visitorAsBigint(key.slice(-VISITOR_HASH_LENGTH)));
  }
  return rows;
}

/**
 * One statement: both tables through data-modifying CTEs over `unnest` of one array parameter per
 * column (a column is parsed once, not a JSON object per row; `sql.param` binds the array as one
 * parameter, where a bare array would become a row of parameters).
 */
async function writeRows(db: Database, { counts: c, visitors: v }: Rows): Promise<void> {
  await db.execute(sql`
    with added_counts as (
      insert into insight_counts (day, metric, item, count)
      select * from unnest(${sql.param(c.day)}::date[], ${sql.param(c.metric)}::text[],
        ${sql.param(c.item)}::text[], ${sql.param(c.n)}::bigint[])
      on conflict (day, metric, item) do update set count = insight_counts.count + excluded.count
      returning 1
    ), added_visitors as (
      insert into insight_visitors (day, visitor, metric, item)
      select day, visitor, metric, item
      from unnest(${sql.param(v.day)}::date[], ${sql.param(v.metric)}::smallint[],
        ${sql.param(v.item)}::text[], ${sql.param(v.visitor)}::bigint[]) as r(day, metric, item, visitor)
      on conflict do nothing
      returning 1
    )
    select (select count(*) from added_counts) as counts, (select count(*) from added_visitors) as visitors`);
}
