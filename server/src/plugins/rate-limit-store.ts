import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema";

/** What @fastify/rate-limit asks of a store (see its README, "store"): a fixed window per key. */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const windowEnd = (timeWindowMs: number) => sql`now() + make_interval(secs => ${timeWindowMs / 1000})`;
const ended = sql`${rateLimitHits.expiresAt} <= now()`;
const ttlMs = sql<number>`greatest(0, extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000)::float8`;

/**
 * Counts one request for `key` in one statement, whichever server asks: the first request of a
 * window inserts the row (or restarts an ended one), later ones add one. ON CONFLICT locks the row,
 * so requests at once on several servers each count. Times are the database's, so servers whose
 * clocks differ still agree on a window.
 */
export async function countHit(
  db: Database,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`now()`, expiresAt: windowEnd(timeWindowMs), count: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimitHits.count} + 1 end`,
        windowStart: sql`case when ${ended} then now() else ${rateLimitHits.windowStart} end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({ current: rateLimitHits.count, ttl: ttlMs });
  if (!row) throw new Error("the rate-limit counter was not written");
  return { current: row.current, ttl: Math.ceil(Number(row.ttl)) };
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
 * map per route. One round trip per limited request.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    // The plugin passes its options, with the route (routeInfo) for a route's own store.
    constructor(params: object = {}) {
      const route = (params as RouteParams).routeInfo;
      this.prefix = route?.url ? `${[route.method ?? ""].flat().join(",")} ${route.url}|` : "|";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
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
