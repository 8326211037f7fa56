import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CATALOGUE_CHANNEL, type Listener, listen, notifyCatalogueChanged } from "../db/notify";
import type { AnswerLane } from "../lib/answer-lane";
import { BoundedCache, type CacheLimits, stringBytes } from "../lib/bounded-cache";
import { etagFor, ifNoneMatchMatches } from "../lib/etag";

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

/**
 * How long a cached answer may be served before it is read again: the backstop. Writers drop the
 * cache themselves: in this process by `clear()` (the Spotify id resolver, the feed refresh job);
 * on PostgreSQL every catalogue write, from any server or CLI, also sends NOTIFY catalogue_changed,
 * which every server LISTENs for (decision 0014). On PGlite no other process can write: the CLIs
 * cannot open a folder the server holds. `db:seed` on a running server's data is not a thing.
 */
const TTL_MS = 60_000;
/**
 * Most answers kept, and the bytes of their bodies (as V8 may store them, stringBytes): catalogue
 * reads have few keys, but search answers have one per query, so the oldest entry goes when a new
 * one would pass either (issue 31: the count alone let large answers of made-up queries fill
 * memory). Answers are 1–15 kB: 24 MiB holds ~1,000 of the largest and every one of the search
 * load test's queries.
 */
export const CATALOGUE_CACHE_LIMITS: CacheLimits = { entries: 5000, bytes: 24 * 1024 * 1024 };
/** How often answers past their TTL are dropped, so memory taken by a burst is given back. */
const SWEEP_MS = 60_000;
/** Browsers may reuse an answer this long, then revalidate it with its ETag. */
const BROWSER_MAX_AGE_S = 60;

interface CatalogueCache {
  /**
   * Answers from the cache, or loads, checks and serializes once. `load` returns the answer already
   * validated against its contract; the cached bytes are sent as they are, with an ETag. A hit is
   * answered before this returns (undefined); a miss gives a promise that settles once the answer
   * is written (it resolves with the reply, a thenable Fastify waits for).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<unknown> | undefined;
  /** The cached answer's JSON (loading it once, as `send` does), for a reader in this process. */
  read(key: string, load: () => Promise<unknown>): Promise<string>;
  /**
   * A value read from the catalogue and kept in this process like an answer (dropped with the
   * cache, read again after TTL_MS; concurrent first reads share one load): for a part several
   * answers share, such as the podcast listing's featured and recent episodes beside each search.
   */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Changes whenever the cache is cleared: whatever was built from older answers is out of date. */
  version(): number;
  /** The answers kept now and their bytes (for tests and measurements). */
  held(): { entries: number; bytes: number };
  /**
   * Drops every entry, and makes reads already in flight not store what they load. For a writer in
   * this process to call after it commits catalogue data (see TTL_MS): on PostgreSQL it also tells
   * the other servers (NOTIFY), whose caches drop too.
   */
  clear(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
    /** The lane that replays cached answers ahead of Fastify (app.ts); absent in some tests. */
    answerLane?: AnswerLane;
  }
}

/** In-process cache of catalogue reads, answered with ETag and Cache-Control; entries live TTL_MS. */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance, options: { limits?: CacheLimits; sweepMs?: number } = {}) => {
    const entries = new BoundedCache<Entry>(options.limits ?? CATALOGUE_CACHE_LIMITS, (entry) =>
      stringBytes(entry.body),
    );
    const pending = new Map<string, Promise<Entry>>();
    const remembered = new Map<string, { value: Promise<unknown>; expiresAt: number }>();
    // Bumped by clear(): a read that started before it may have seen the old data, so it answers
    // its own request but is not stored.
    let generation = 0;

    const load = async (key: string, loader: () => Promise<unknown>): Promise<Entry> => {
      const startedIn = generation;
      const body = JSON.stringify(await loader());
      const entry = { body, etag: etagFor(body), expiresAt: Date.now() + TTL_MS };
      if (startedIn === generation) entries.set(key, entry);
      return entry;
    };

    const reply200Or304 = (request: FastifyRequest, reply: FastifyReply, entry: Entry): void => {
      reply.headers({
        etag: entry.etag,
        "cache-control": `public, max-age=${BROWSER_MAX_AGE_S}, must-revalidate`,
        "content-type": "application/json; charset=utf-8",
      });
      if (ifNoneMatchMatches(request.headers["if-none-match"], entry.etag)) {
        reply.status(304).send();
        return;
      }
      // A string with a JSON content type goes out as it is: the body was checked against the
      // contract and serialized once, when it was loaded.
      reply.send(entry.body);
    };

    const loadShared = (key: string, loader: () => Promise<unknown>): Promise<Entry> => {
      // Concurrent misses share one database read.
      let inFlight = pending.get(key);
      if (!inFlight) {
        const started: Promise<Entry> = load(key, loader).finally(() => {
          if (pending.get(key) === started) pending.delete(key);
        });
        inFlight = started;
        pending.set(key, started);
      }
      return inFlight;
    };

    // The database, when the app has one (the cache's own tests register it alone).
    const database = app.hasDecorator("database") ? app.database : undefined;
    // Answers sent from a current entry are offered to the lane (lib/answer-lane), which may keep
    // them; it forgets them whenever the cache drops its entries.
    const lane = app.hasDecorator("answerLane") ? app.answerLane : undefined;
    const cache: CatalogueCache = {
      // Not async: a cache hit answers synchronously, without a promise per request.
      send(request, reply, key, loader) {
        const entry = entries.get(key);
        if (entry && entry.expiresAt >= Date.now()) {
          lane?.offer(request.raw, entry);
          reply200Or304(request, reply, entry);
          return undefined;
        }
        // Resolving with the reply (a thenable that settles when the answer is written) tells
        // Fastify the answer is being sent; resolving with undefined while compression is still
        // running makes Fastify send a second, empty answer.
        return loadShared(key, loader).then((loaded) => {
          // Not one stored (a read that began before a clear): answered, never replayed.
          if (entries.get(key) === loaded) lane?.offer(request.raw, loaded);
          reply200Or304(request, reply, loaded);
          return reply;
        });
      },
      async read(key, loader) {
        const entry = entries.get(key);
        if (entry && entry.expiresAt >= Date.now()) return entry.body;
        return (await loadShared(key, loader)).body;
      },
      remember<T>(key: string, loader: () => Promise<T>): Promise<T> {
        const kept = remembered.get(key);
        if (kept && kept.expiresAt >= Date.now()) return kept.value as Promise<T>;
        const startedIn = generation;
        const value = loader();
        remembered.set(key, { value, expiresAt: Date.now() + TTL_MS });
        // A failed read is not kept, nor one that started before a clear() (it may be stale).
        const forget = () => {
          if (remembered.get(key)?.value === value) remembered.delete(key);
        };
        value.then(() => startedIn !== generation && forget(), forget);
        return value;
      },
      version: () => generation,
      held: () => ({ entries: entries.size, bytes: entries.bytes }),
      clear() {
        drop();
        if (database?.engine === "postgres") {
          notifyCatalogueChanged(app.db, serverId).catch((error: unknown) =>
            app.log.warn({ err: error }, "could not tell the other servers that the catalogue changed"),
          );
        }
      },
    };
    const drop = () => {
      generation++;
      lane?.clear();
      entries.clear();
      pending.clear();
      remembered.clear();
    };
    app.decorate("catalogueCache", cache);

    // Answers past their TTL are never sent again: dropped now and then, not only when pushed out.
    const sweep = setInterval(() => {
      const now = Date.now();
      entries.deleteWhere((entry) => entry.expiresAt < now);
      for (const [key, kept] of remembered) if (kept.expiresAt < now) remembered.delete(key);
      lane?.sweep();
    }, options.sweepMs ?? SWEEP_MS);
    sweep.unref();
    app.addHook("onClose", async () => clearInterval(sweep));

    // PostgreSQL: other servers and the CLIs announce their catalogue writes. Notifications sent
    // while the connection was down are lost, so a reconnect drops the cache as well.
    const serverId = randomUUID();
    let listener: Listener | undefined;
    app.addHook("onReady", async () => {
      const url = database?.url;
      if (database?.engine !== "postgres" || !url) return;
      listener = await listen({
        url,
        channel: CATALOGUE_CHANNEL,
        onNotify: (sender) => {
          if (sender !== serverId) drop();
        },
        onReconnect: () => {
          drop();
          app.log.info("listening for catalogue changes again; the cache was dropped");
        },
        onError: (error) =>
          app.log.warn(
            { err: error },
            "catalogue change notifications interrupted; reconnecting (cached answers expire meanwhile)",
          ),
      });
    });
    app.addHook("onClose", async () => listener?.close());
  },
  { name: "catalogue-cache" },
);
