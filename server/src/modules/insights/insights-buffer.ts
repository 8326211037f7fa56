import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { insightCounts, insightVisitors } from "../../db/schema";
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
type UniqueCode = (typeof UNIQUE_CODE)[keyof typeof UNIQUE_CODE];

/** A flush's rows as one array per column (each bound as ONE array parameter, read by `unnest`). */
interface Rows {
  counts: { day: string[]; metric: string[]; item: string[]; n: number[] };
  /** `visitor`: the hash as a signed 64-bit integer, in decimal (visitor.ts `visitorAsBigint`). */
  visitors: { day: string[]; metric: number[]; item: string[]; visitor: string[] };
}

/** A count waiting: events of a metric and item on a day. */
interface CountRow {
  day: string;
  metric: string;
  item: string;
  n: number;
}
/** A visitor waiting: counted of a thing (`metric`, a code) and item on a day. */
interface VisitorRow {
  day: string;
  metric: UniqueCode;
  item: string;
  /** A visitor hash, 16 hex digits (visitor.ts). */
  visitor: string;
}

/** A count's key: no metric has a space, so the item (any text) is the rest. */
const countKey = (day: string, metric: string, item: string) => `${day} ${metric} ${item}`;
/** A visitor's key: the hash (16 hex digits) is last, the item (any text) before it. */
const visitorKey = (day: string, metric: UniqueCode, item: string, visitor: string) =>
  `${day} ${metric} ${item} ${visitor}`;
/** Rows in key order (the same order on every server). */
const inOrder = <V>(rows: Map<string, V>) =>
  [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/**
 * Counting in memory: an increment per event, a row per visitor and thing, until the next flush
 * writes them all in ONE statement (both tables through data-modifying CTEs). Rows go in key order
 * so that servers flushing at once lock rows in the same order (no deadlock). A flush that fails
 * puts its rows back for the next one.
 */
export class InsightsBuffer {
  private counts = new Map<string, CountRow>();
  private visitors = new Map<string, VisitorRow>();
  /**
   * Visitors this server has written (their keys), of the newest day it wrote: a visitor seen again
   * that day is not sent again (the table has them already). Bounded: beyond it, they are sent again
   * and the table's key drops the repeats.
   */
  private written = new Set<string>();
  private writtenDay = "";
  private flushing: Promise<number> | null = null;

  constructor(private readonly maxWritten = 1_000_000) {}

  count(day: string, metric: string, item: string, n = 1): void {
    const key = countKey(day, metric, item);
    const row = this.counts.get(key);
    if (row) row.n += n;
    else this.counts.set(key, { day, metric, item, n });
  }

  /** `visitor`: a visitor hash, 16 hex digits (visitor.ts). */
  visit(day: string, metric: UniqueCode, item: string, visitor: string): void {
    const key = visitorKey(day, metric, item, visitor);
    if (day === this.writtenDay && this.written.has(key)) return;
    if (!this.visitors.has(key)) this.visitors.set(key, { day, metric, item, visitor });
  }

  /** Keys waiting for the next flush (a count per day, metric and item; a visitor per thing). */
  get size(): number {
    return this.counts.size + this.visitors.size;
  }

  /** Writes what is waiting; resolves with the keys written (a flush under way is waited for first). */
  async flush(db: Database): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    const keys = this.size;
    if (keys === 0) return 0;
    const { counts, visitors } = this;
    this.counts = new Map();
    this.visitors = new Map();
    this.flushing = writeRows(db, toRows(counts, visitors))
      .then(() => {
        this.remember(visitors);
        return keys;
      })
      .catch((error: unknown) => {
        for (const row of counts.values()) this.count(row.day, row.metric, row.item, row.n);
        for (const row of visitors.values()) this.visit(row.day, row.metric, row.item, row.visitor);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  private remember(visitors: Map<string, VisitorRow>): void {
    for (const [key, { day }] of visitors) {
      if (day > this.writtenDay) {
        this.written = new Set();
        this.writtenDay = day;
      }
      if (day !== this.writtenDay) continue;
      if (this.written.size >= this.maxWritten) return;
      this.written.add(key);
    }
  }
}

function toRows(counts: Map<string, CountRow>, visitors: Map<string, VisitorRow>): Rows {
  const rows: Rows = {
    counts: { day: [], metric: [], item: [], n: [] },
    visitors: { day: [], metric: [], item: [], visitor: [] },
  };
  const c = rows.counts;
  for (const row of inOrder(counts)) {
    c.day.push(row.day);
    c.metric.push(row.metric);
    c.item.push(row.item);
    c.n.push(row.n);
  }
  const v = rows.visitors;
  for (const row of inOrder(visitors)) {
    v.day.push(row.day);
    v.metric.push(row.metric);
    v.item.push(row.item);
    v.visitor.push(visitorAsBigint(row.visitor));
  }
  return rows;
}

/**
 * One statement: both tables through data-modifying CTEs over `unnest` of one array parameter per
 * column (a column is parsed once, not a JSON object per row; `sql.param` binds the array as one
 * parameter, where a bare array would become a row of parameters).
 */
async function writeRows(db: Database, { counts: c, visitors: v }: Rows): Promise<void> {
  const ic = insightCounts;
  const iv = insightVisitors;
  await db.execute(sql`
    with added_counts as (
      insert into ${ic} (${names(ic.day, ic.metric, ic.item, ic.count)})
      select * from unnest(${sql.param(c.day)}::date[], ${sql.param(c.metric)}::text[],
        ${sql.param(c.item)}::text[], ${sql.param(c.n)}::bigint[])
      on conflict (${names(ic.day, ic.metric, ic.item)})
        do update set ${name(ic.count)} = ${ic.count} + excluded.${name(ic.count)}
      returning 1
    ), added_visitors as (
      insert into ${iv} (${names(iv.day, iv.metric, iv.item, iv.visitor)})
      select * from unnest(${sql.param(v.day)}::date[], ${sql.param(v.metric)}::smallint[],
        ${sql.param(v.item)}::text[], ${sql.param(v.visitor)}::bigint[])
      on conflict do nothing
      returning 1
    )
    select (select count(*) from added_counts) as counts, (select count(*) from added_visitors) as visitors`);
}

/** A column's own name (an insert's column list, `on conflict`, `excluded.`). */
const name = (column: AnyPgColumn) => sql.identifier(column.name);
const names = (...columns: AnyPgColumn[]) => sql.join(columns.map(name), sql`, `);
