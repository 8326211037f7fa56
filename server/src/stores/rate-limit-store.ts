import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { createBatcher, Failed } from "../lib/batcher";

/** What @fastify/rate-limit asks of a store (see its README, "store"): a fixed window per key. */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const ended = sql`${rateLimitHits.expiresAt} <= now()`;
const ttlMs = sql<number>`greatest(0, extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000)::float8`;

/** A key's count after a statement, and the milliseconds left in its window. */
interface Counted {
  current: number;
  ttl: number;
}

/** A PostgreSQL array literal: one parameter however many values (keys quoted and escaped). */
const arrayLiteral = (values: Array<string | number>) =>
  `{${values.map((value) => (typeof value === "number" ? String(value) : `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`)).join(",")}}`;

/**
 * The one statement that counts, whichever server asks: `n` hits for each key (each key once), rows
 * written in the order given. The first hits of a window insert the row (or restart an ended one),
 * later ones add. ON CONFLICT locks each row, so hits at once on several servers all count. Times
 * are the database's, so servers whose clocks differ still agree on a window.
 */
async function addHits(
  db: Database,
  hits: ReadonlyArray<{ key: string; windowMs: number; n: number }>,
): Promise<Map<string, Counted>> {
  const result = await db.execute(sql`
    insert into ${rateLimitHits} (key, window_start, expires_at, count)
    select hit.key, now(), now() + make_interval(secs => hit.window_ms / 1000), hit.n
    from unnest(${arrayLiteral(hits.map((hit) => hit.key))}::text[],
      ${arrayLiteral(hits.map((hit) => hit.windowMs))}::float8[],
      ${arrayLiteral(hits.map((hit) => hit.n))}::int[]) with ordinality as hit(key, window_ms, n, at)
    order by hit.at
    on conflict (key) do update set
      count = case when ${ended} then excluded.count else ${rateLimitHits.count} + excluded.count end,
      window_start = case when ${ended} then now() else ${rateLimitHits.windowStart} end,
      expires_at = case when ${ended} then excluded.expires_at else ${rateLimitHits.expiresAt} end
    returning ${rateLimitHits.key} as key, ${rateLimitHits.count} as current, ${ttlMs} as ttl`);
  const rows = (result as unknown as { rows: Array<{ key: string; current: number; ttl: number | string }> })
    .rows;
  return new Map(
    rows.map((row) => [row.key, { current: Number(row.current), ttl: Math.ceil(Number(row.ttl)) }]),
  );
}

const NOT_WRITTEN = "the rate-limit counter was not written";

/** Counts one request for `key` in a window of `timeWindowMs` (addHits with one hit). */
export async function countHit(db: Database, key: string, timeWindowMs: number): Promise<Counted> {
  const counted = (await addHits(db, [{ key, windowMs: timeWindowMs, n: 1 }])).get(key);
  if (!counted) throw new Error(NOT_WRITTEN);
  return counted;
}

interface Hit {
  key: string;
  timeWindowMs: number;
}

/**
 * countHit for many requests in one statement: hits asked while a statement is on its way are
 * counted together by the next one (one round trip for all of them instead of one each; the store
 * writes for every limited request, cached answers included). Each key's row is written once a
 * statement, with the number of its hits; in key order, so two servers writing overlapping keys lock
 * them in the same order. The hits of one key in one statement get consecutive counts, as one by one.
 */
export function hitBatcher(db: Database) {
  async function write(batch: Hit[]): Promise<Array<Counted | Failed>> {
    const counts: Array<Counted | Failed> = new Array(batch.length);
    let left = batch.map((hit, index) => ({ ...hit, index }));
    while (left.length > 0) {
      // One row per key: hits of a key asked with another window (never, from one route) go in turns,
      // each turn its own statement; a turn that fails fails its own hits only.
      const byKey = new Map<string, typeof left>();
      const later: typeof left = [];
      for (const hit of left) {
        const group = byKey.get(hit.key);
        if (!group) byKey.set(hit.key, [hit]);
        else if (group[0]?.timeWindowMs === hit.timeWindowMs) group.push(hit);
        else later.push(hit);
      }
      const groups = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      try {
        const counted = await addHits(
          db,
          groups.map(([key, group]) => ({ key, windowMs: group[0]?.timeWindowMs ?? 0, n: group.length })),
        );
        for (const [key, group] of groups) {
          const row = counted.get(key);
          for (const [position, hit] of group.entries())
            counts[hit.index] = row
              ? { current: row.current - group.length + position + 1, ttl: row.ttl }
              : new Failed(new Error(NOT_WRITTEN));
        }
      } catch (error) {
        for (const [, group] of groups) for (const hit of group) counts[hit.index] = new Failed(error);
      }
      left = later;
    }
    return counts;
  }

  const count = createBatcher(write);
  return (key: string, timeWindowMs: number) => count({ key, timeWindowMs });
}

/** Rows whose window has ended: what the job runner deletes (returns how many). */
export async function purgeRateLimitHits(db: Database): Promise<number> {
  const rows = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.expiresAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return rows.length;
}

/**
 * A store class for @fastify/rate-limit over the rate_limit_hits table. The plugin makes one per
 * limited route (`child`); each prefixes its keys with the route, as the in-memory store keeps one
 * map per route. The hits asked while one statement is on its way share the next (hitBatcher).
 */
export function databaseRateLimitStore(db: Database) {
  const count = hitBatcher(db);
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    // The plugin passes its options, with the route (routeInfo) for a route's own store.
    constructor(params: object = {}) {
      const route = (params as RouteParams).routeInfo;
      this.prefix = route?.url ? `${[route.method ?? ""].flat().join(",")} ${route.url}|` : "|";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      count(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      db.select({ current: rateLimitHits.count, ttl: ttlMs })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, this.prefix + key), gt(rateLimitHits.expiresAt, sql`now()`)))
        .then(
          ([row]) =>
            callback(
              null,
              row ? { current: row.current, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 },
            ),
          (error: Error) => callback(error),
        );
    }

    child(params: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}
