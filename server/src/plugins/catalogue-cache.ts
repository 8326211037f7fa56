import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

/** How long a cached answer may be served before it is read again (bounds staleness across processes). */
const TTL_MS = 60_000;

export interface CatalogueCache {
  /**
   * Answers from the cache, or loads, checks and serializes once. `load` returns the answer already
   * validated against its contract; the cached bytes are sent as they are, with an ETag.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<void> | undefined;
  /** Drops every entry: call after any write to catalogue data. */
  clear(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

/** In-process cache of catalogue reads with ETag / Cache-Control, dropped when the catalogue changes. */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance) => {
    const entries = new Map<string, Entry>();
    const pending = new Map<string, Promise<Entry>>();

    const load = async (key: string, loader: () => Promise<unknown>): Promise<Entry> => {
      const body = JSON.stringify(await loader());
      const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
      const entry = { body, etag, expiresAt: Date.now() + TTL_MS };
      entries.set(key, entry);
      return entry;
    };

    const reply200Or304 = (request: FastifyRequest, reply: FastifyReply, entry: Entry): void => {
      reply.headers({
        etag: entry.etag,
        "cache-control": "public, max-age=60, must-revalidate",
        "content-type": "application/json; charset=utf-8",
      });
      if (request.headers["if-none-match"] === entry.etag) {
        reply.status(304).send();
        return;
      }
      // A string with a JSON content type goes out as it is: the body was checked against the
      // contract and serialized once, when it was loaded.
      reply.send(entry.body);
    };

    const cache: CatalogueCache = {
      // Not async: a cache hit answers synchronously, without a promise per request.
      send(request, reply, key, loader) {
        const entry = entries.get(key);
        if (entry && entry.expiresAt >= Date.now()) {
          reply200Or304(request, reply, entry);
          return undefined;
        }
        // Concurrent misses share one database read.
        let inFlight = pending.get(key);
        if (!inFlight) {
          inFlight = load(key, loader).finally(() => pending.delete(key));
          pending.set(key, inFlight);
        }
        // Resolving with the reply (a thenable that settles when the answer is written) tells
        // Fastify the answer is being sent; resolving with undefined while compression is still
        // running makes Fastify send a second, empty answer.
        return inFlight.then((loaded) => {
          reply200Or304(request, reply, loaded);
          return reply;
        }) as unknown as Promise<void>;
      },
      clear() {
        entries.clear();
      },
    };
    app.decorate("catalogueCache", cache);
  },
  { name: "catalogue-cache" },
);
