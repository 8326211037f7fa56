import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { visitorAsBigint } from "./visitor";

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
  /**
   * The sponsor banner shown / its link followed, by ad id: counted per event until issue 43, now
   * once per visitor (UNIQUE's of the same names); the report still adds the rows of those days.
   */
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
  /** By ad id: visitors shown the sponsor banner / who followed its link (once a visitor, ad and day). */
  adImpression: "ad-impression",
  adClick: "ad-click",
  /**
   * By what a page is about (`playlist:<id>`, `show:<slug>`, `episode:<id>`): visitors of its page,
   * and an episode's listeners and downloads, each visitor once a day (raw-uniques.ts); trending
   * reads these. No rows of its own: counted from the others'.
   */
  subject: "subject",
} as const;

/**
 * How `insight_visitors` stores what a visitor was counted of (its smallint `metric`). The site has
 * no rows of its own: its visitors are the distinct visitors of the day's `page` rows.
 */
export const UNIQUE_CODE = {
  page: 1,
  listener: 2,
  download: 3,
  adImpression: 4,
  adClick: 5,
} as const satisfies Record<Exclude<keyof typeof UNIQUE, "site" | "subject">, number>;
export type UniqueCode = (typeof UNIQUE_CODE)[keyof typeof UNIQUE_CODE];

/** A flush's rows as one array per column (each bound as ONE array parameter, read by `unnest`). */
interface Rows {
  counts: { day: string[]; metric: string[]; item: string[]; n: number[] };
  /** `visitor`: the hash as a signed 64-bit integer, in decimal (visitor.ts `visitorAsBigint`). */
  visitors: { day: string[]; metric: number[]; item: string[]; visitor: string[] };
}

/** Counts waiting: day → metric → item → events. */
type Counts = Map<string, Map<string, Map<string, number>>>;
/** Visitors of a day: what they were counted of → item → visitor hashes. */
type DayVisitors = Map<UniqueCode, Map<string, Set<string>>>;
/** Visitors waiting: day → what → item → visitor hashes. */
type Visitors = Map<string, DayVisitors>;

/** The inner map of `key`, made (and kept) when there is none. */
function mapOf<K, K2, V>(map: Map<K, Map<K2, V>>, key: K): Map<K2, V> {
  let inner = map.get(key);
  if (!inner) {
    inner = new Map();
    map.set(key, inner);
  }
  return inner;
}
/** The set of `key`, made (and kept) when there is none. */
function setOf<K>(map: Map<K, Set<string>>, key: K): Set<string> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
/** A map's entries in key order (the same order on every server). */
const inOrder = <K extends string | number, V>(map: Map<K, V>) =>
  [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Counting in memory: an increment per event, a set of visitor hashes per thing, until the next
 * flush writes them all in ONE statement (both tables through data-modifying CTEs). Held as maps
 * in maps (day, metric, item), so an event builds no key string. Rows go in key order so that
 * servers flushing at once lock rows in the same order (no deadlock). A flush that fails puts its
 * rows back for the next one.
 */
export class InsightsBuffer {
  private counts: Counts = new Map();
  private visitors: Visitors = new Map();
  private countKeys = 0;
  private visitorKeys = 0;
  /**
   * Visitors this server has written, of the newest day it wrote: a visitor seen again that day
   * is not sent again (the table has them already). Bounded: beyond it, they are sent again and the
   * table's key drops the repeats.
   */
  private written: DayVisitors = new Map();
  private writtenDay = "";
  private writtenKeys = 0;
  private flushing: Promise<number> | null = null;

  constructor(private readonly maxWritten = 1_000_000) {}

  count(day: string, metric: string, item: string, n = 1): void {
    const items = mapOf(mapOf(this.counts, day), metric);
    const before = items.get(item);
    if (before === undefined) this.countKeys++;
    items.set(item, (before ?? 0) + n);
  }

  /** `visitor`: a visitor hash, 16 hex digits (visitor.ts). */
  visit(day: string, metric: UniqueCode, item: string, visitor: string): void {
    if (day === this.writtenDay && this.written.get(metric)?.get(item)?.has(visitor)) return;
    const visitors = setOf(mapOf(mapOf(this.visitors, day), metric), item);
    const before = visitors.size;
    visitors.add(visitor);
    if (visitors.size !== before) this.visitorKeys++;
  }

  /** Keys waiting for the next flush (a count per day, metric and item; a visitor per thing). */
  get size(): number {
    return this.countKeys + this.visitorKeys;
  }

  /** Writes what is waiting; resolves with the keys written (a flush under way is waited for first). */
  async flush(db: Database): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    const keys = this.size;
    if (keys === 0) return 0;
    const { counts, visitors } = this;
    this.counts = new Map();
    this.visitors = new Map();
    this.countKeys = 0;
    this.visitorKeys = 0;
    this.flushing = writeRows(db, toRows(counts, visitors))
      .then(() => {
        this.remember(visitors);
        return keys;
      })
      .catch((error: unknown) => {
        for (const [day, metrics] of counts)
          for (const [metric, items] of metrics)
            for (const [item, n] of items) this.count(day, metric, item, n);
        for (const [day, codes] of visitors)
          for (const [code, items] of codes)
            for (const [item, hashes] of items)
              for (const visitor of hashes) this.visit(day, code, item, visitor);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  private remember(visitors: Visitors): void {
    for (const [day, codes] of visitors) {
      if (day > this.writtenDay) {
        this.written = new Map();
        this.writtenDay = day;
        this.writtenKeys = 0;
      }
      if (day !== this.writtenDay) continue;
      for (const [code, items] of codes)
        for (const [item, hashes] of items) {
          const known = setOf(mapOf(this.written, code), item);
          for (const visitor of hashes) {
            if (this.writtenKeys >= this.maxWritten) return;
            const before = known.size;
            known.add(visitor);
            if (known.size !== before) this.writtenKeys++;
          }
        }
    }
  }
}

function toRows(counts: Counts, visitors: Visitors): Rows {
  const rows: Rows = {
    counts: { day: [], metric: [], item: [], n: [] },
    visitors: { day: [], metric: [], item: [], visitor: [] },
  };
  const c = rows.counts;
  for (const [day, metrics] of inOrder(counts))
    for (const [metric, items] of inOrder(metrics))
      for (const [item, n] of inOrder(items)) {
        c.day.push(day);
        c.metric.push(metric);
        c.item.push(item);
        c.n.push(n);
      }
  const v = rows.visitors;
  for (const [day, codes] of inOrder(visitors))
    for (const [code, items] of inOrder(codes))
      for (const [item, hashes] of inOrder(items))
        for (const visitor of [...hashes].sort()) {
          v.day.push(day);
          v.metric.push(code);
          v.item.push(item);
          v.visitor.push(visitorAsBigint(visitor));
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
