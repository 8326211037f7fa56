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
  ): Promise<void>;
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

    const cache: CatalogueCache = {
      async send(request, reply, key, loader) {
        let entry = entries.get(key);
        if (!entry || entry.expiresAt < Date.now()) {
          // Concurrent misses share one database read.
          let inFlight = pending.get(key);
          if (!inFlight) {
            inFlight = load(key, loader).finally(() => pending.delete(key));
            pending.set(key, inFlight);
          }
          entry = await inFlight;
        }
        reply.header("etag", entry.etag).header("cache-control", "public, max-age=60, must-revalidate");
        if (request.headers["if-none-match"] === entry.etag) {
          await reply.status(304).send();
          return;
        }
        // The body was checked against the contract when loaded; send the bytes as they are.
        await reply
          .type("application/json; charset=utf-8")
          .serializer((payload) => payload as string)
          .send(entry.body);
      },
      clear() {
        entries.clear();
      },
    };
    app.decorate("catalogueCache", cache);
  },
  { name: "catalogue-cache" },
);
