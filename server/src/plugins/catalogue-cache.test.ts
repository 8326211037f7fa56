import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOGUE_CACHE_LIMITS, catalogueCachePlugin } from "./catalogue-cache";

/** A bare app with the cache and one route whose reads the test controls. */
async function appWithCountingRoute() {
  const app = Fastify();
  await app.register(catalogueCachePlugin);
  const state = { version: 1, reads: 0, gate: Promise.resolve() };
  app.get("/thing", (request, reply) =>
    app.catalogueCache.send(request, reply, "thing", async () => {
      state.reads++;
      const version = state.version; // what the database held when the read started
      await state.gate;
      return { version };
    }),
  );
  await app.ready();
  return { app, state };
}

describe("catalogue cache", () => {
  let app: FastifyInstance;
  let state: Awaited<ReturnType<typeof appWithCountingRoute>>["state"];
  beforeEach(async () => {
    ({ app, state } = await appWithCountingRoute());
  });
  afterEach(() => app.close());

  it("reads once, then answers from memory until cleared", async () => {
    expect((await app.inject({ url: "/thing" })).json()).toEqual({ version: 1 });
    state.version = 2;
    expect((await app.inject({ url: "/thing" })).json()).toEqual({ version: 1 });
    expect(state.reads).toBe(1);
    app.catalogueCache.clear();
    expect((await app.inject({ url: "/thing" })).json()).toEqual({ version: 2 });
    expect(state.reads).toBe(2);
  });

  it("does not keep a read that was in flight when the cache was cleared", async () => {
    let open = () => {};
    state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const early = app.inject({ url: "/thing" }); // reads version 1, then waits
    await new Promise((resolve) => setImmediate(resolve));
    expect(state.reads).toBe(1);
    state.version = 2; // a write commits…
    app.catalogueCache.clear(); // …and drops the cache
    state.gate = Promise.resolve();
    const late = app.inject({ url: "/thing" });
    open();
    expect((await early).json()).toEqual({ version: 1 });
    expect((await late).json()).toEqual({ version: 2 });
    expect((await app.inject({ url: "/thing" })).json()).toEqual({ version: 2 });
    expect(state.reads).toBe(2);
  });

  it("answers 304 to a matching If-None-Match, weak or listed, with the validators", async () => {
    const first = await app.inject({ url: "/thing" });
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: "/thing", headers: { "if-none-match": `"x", W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=60, must-revalidate");
  });

  it("remembers a shared value until cleared, shares a first read, and forgets a failed or stale one", async () => {
    let reads = 0;
    let held = "v1";
    let open = () => {};
    const load = async () => {
      reads++;
      const value = held;
      await new Promise<void>((resolve) => {
        open = resolve;
      });
      return value;
    };
    const first = app.catalogueCache.remember("shared", load);
    const second = app.catalogueCache.remember("shared", load); // while the first is in flight
    open();
    expect([await first, await second]).toEqual(["v1", "v1"]);
    expect(reads).toBe(1);

    held = "v2";
    app.catalogueCache.clear();
    const afterClear = app.catalogueCache.remember("shared", load);
    // A clear() while this read is in flight: it answers its caller, but is not kept.
    held = "v3";
    app.catalogueCache.clear();
    open();
    expect(await afterClear).toBe("v2");
    const fresh = app.catalogueCache.remember("shared", load);
    open();
    expect(await fresh).toBe("v3");
    expect(reads).toBe(3);

    const failing = app.catalogueCache.remember("broken", () => Promise.reject(new Error("down")));
    await expect(failing).rejects.toThrow("down");
    expect(await app.catalogueCache.remember("broken", async () => "back")).toBe("back");
  });
});

describe("the catalogue cache's bounds", () => {
  /** An app whose /big/:n answers about `kb` kilobytes, each its own cache key. */
  async function appWithLargeAnswers(kb: number, options: { sweepMs?: number } = {}) {
    const app = Fastify();
    await app.register(catalogueCachePlugin, options);
    app.get<{ Params: { n: string } }>("/big/:n", (request, reply) =>
      app.catalogueCache.send(request, reply, `big:${request.params.n}`, async () => ({
        n: request.params.n,
        text: "x".repeat(kb * 1024),
      })),
    );
    await app.ready();
    return app;
  }

  it("keeps its answers within the server's byte budget, however many fit the count", async () => {
    const app = await appWithLargeAnswers(50);
    try {
      // 1,000 answers of 50 kB (a made-up query each): 100 MB as V8 may store them.
      for (let n = 0; n < 1000; n++) expect((await app.inject({ url: `/big/${n}` })).statusCode).toBe(200);
      const { entries, bytes } = app.catalogueCache.held();
      expect(bytes).toBeLessThanOrEqual(CATALOGUE_CACHE_LIMITS.bytes);
      expect(bytes).toBeGreaterThan(CATALOGUE_CACHE_LIMITS.bytes - 200 * 1024);
      expect(entries).toBeLessThan(CATALOGUE_CACHE_LIMITS.entries);
      // The newest are kept.
      await app.inject({ url: "/big/999" });
      expect(app.catalogueCache.held().entries).toBe(entries);
    } finally {
      await app.close();
    }
  });

  it("drops answers past their time when it sweeps, so a burst's memory is given back", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = await appWithLargeAnswers(1, { sweepMs: 20 });
    try {
      for (let n = 0; n < 10; n++) await app.inject({ url: `/big/${n}` });
      expect(app.catalogueCache.held().entries).toBe(10);
      vi.setSystemTime(Date.now() + 61_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(app.catalogueCache.held()).toEqual({ entries: 0, bytes: 0 });
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
