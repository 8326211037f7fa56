import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";
import { AnswerLane } from "./answer-lane";

interface Answered {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The lane answered, not Fastify. */
  byLane: boolean;
}

/** Headers Node writes per answer: the rest must be what Fastify sends, byte for byte. */
const withoutPerAnswer = ({ date, connection, "keep-alive": _, ...rest }: http.IncomingHttpHeaders) => rest;

describe(`the answer lane ahead of Fastify (${testEngine})`, () => {
  let t: TestApp;
  let port = 0;
  let answer: MockInstance;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
    const lane = t.app.answerLane;
    if (!lane) throw new Error("the app has no answer lane");
    answer = vi.spyOn(lane, "answer");
  });
  afterAll(() => t.close());

  const get = (path: string, headers: http.OutgoingHttpHeaders = {}, method = "GET") =>
    new Promise<Answered>((resolve, reject) => {
      const calls = answer.mock.results.length;
      http
        .request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              byLane: answer.mock.results.slice(calls).some((result) => result.value === true),
            }),
          );
        })
        .on("error", reject)
        .end();
    });

  it("replays the answer Fastify gave, headers and body, to the next request for the same address", async () => {
    t.app.catalogueCache.clear();
    const first = await get("/api/genres");
    const second = await get("/api/genres");
    expect(first.byLane).toBe(false);
    expect(second.byLane).toBe(true);
    expect(second.status).toBe(200);
    expect(withoutPerAnswer(second.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(second.body.toString()).genres.length).toBeGreaterThan(0);
  });

  it("keeps one answer per Accept-Encoding, compressed as Fastify compressed it", async () => {
    const br = { "accept-encoding": "br" };
    const first = await get("/api/genres", br);
    const second = await get("/api/genres", br);
    expect(second.byLane).toBe(true);
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers.vary).toBe("accept-encoding");
    expect(withoutPerAnswer(second.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(brotliDecompressSync(second.body).toString()).toBe((await get("/api/genres")).body.toString());
    // Asked not to compress: Fastify answers, as it always did.
    const plain = await get("/api/genres", { ...br, "x-no-compression": "1" });
    expect(plain.byLane).toBe(false);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a matching If-None-Match with the 304 Fastify gave, and a stale one with the 200", async () => {
    const { headers } = await get("/api/playlists/featured");
    const etag = String(headers.etag);
    const first = await get("/api/playlists/featured", { "if-none-match": etag });
    const second = await get("/api/playlists/featured", { "if-none-match": etag });
    expect([first.status, first.byLane, second.status, second.byLane]).toEqual([304, false, 304, true]);
    expect(withoutPerAnswer(second.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(second.body.length).toBe(0);
    const stale = await get("/api/playlists/featured", { "if-none-match": '"old"' });
    expect([stale.status, stale.byLane, stale.headers.etag]).toEqual([200, true, etag]);
  });

  it("forgets every answer when the catalogue cache is cleared, so a write is seen at once", async () => {
    await get("/api/genres");
    expect((await get("/api/genres")).byLane).toBe(true);
    await t.database.db.execute(sql`update genres set name = ${"Electronica"} where slug = ${"electronic"}`);
    t.app.catalogueCache.clear();
    const after = await get("/api/genres");
    expect(after.byLane).toBe(false);
    expect(after.body.toString()).toContain('"Electronica"');
    expect((await get("/api/genres")).body.toString()).toContain('"Electronica"');
  });

  it("stops replaying an answer once its cache entry expires", async () => {
    await get("/api/genres");
    expect((await get("/api/genres")).byLane).toBe(true);
    const now = Date.now();
    const later = vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    try {
      expect((await get("/api/genres")).byLane).toBe(false);
    } finally {
      later.mockRestore();
    }
  });

  it("leaves to Fastify a host it does not answer for, HEAD, and rate-limited search", async () => {
    await get("/api/genres");
    const stranger = await get("/api/genres", { host: "evil.example" });
    expect([stranger.status, stranger.byLane]).toEqual([421, false]);
    const head = await get("/api/genres", {}, "HEAD");
    expect([head.status, head.byLane]).toEqual([200, false]);
    await get("/api/search?q=jazz");
    const search = await get("/api/search?q=jazz");
    expect([search.status, search.byLane]).toEqual([200, false]);
    expect(search.headers["x-ratelimit-limit"]).toBeDefined();
  });

  it("steps aside while the server drains, so each answer says Connection: close", async () => {
    await get("/api/genres");
    t.app.beginDrain();
    const draining = await get("/api/genres");
    expect([draining.status, draining.byLane, draining.headers.connection]).toEqual([200, false, "close"]);
  });

  it("never answers with ACCESS_LOG on: every request goes through Fastify, which logs it", async () => {
    const logged = await createTestApp({ database: t.database, env: { ACCESS_LOG: "true" } });
    try {
      await logged.app.listen({ port: 0, host: "127.0.0.1" });
      const { port: loggedPort } = logged.app.server.address() as { port: number };
      const lane = logged.app.answerLane;
      if (!lane) throw new Error("the app has no answer lane");
      const answered = vi.spyOn(lane, "answer");
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`http://127.0.0.1:${loggedPort}/api/genres`)).status).toBe(200);
      }
      expect(answered.mock.results.map((result) => result.value)).toEqual([false, false, false]);
    } finally {
      await logged.app.close();
    }
  });
});

describe("the answer lane's bounds", () => {
  const request = (url: string) =>
    ({ method: "GET", url, headers: { host: "127.0.0.1" }, socket: {} }) as http.IncomingMessage;
  const replays = (lane: AnswerLane, url: string) => {
    const sent: unknown[] = [];
    const response = { writeHead: (...args: unknown[]) => sent.push(args), end: () => {} };
    return lane.answer(request(url), response as unknown as http.ServerResponse) && sent.length === 1;
  };
  const entry = { etag: '"e"', expiresAt: Number.MAX_SAFE_INTEGER };
  const keep = (lane: AnswerLane, url: string, body: string) => {
    const asked = request(url);
    lane.offer(asked, entry);
    lane.keep(asked, 200, { "content-type": "application/json" }, body);
  };

  it("drops the oldest answers beyond its count and its bytes", () => {
    const lane = new AnswerLane({ accepts: () => true, enabled: true, limits: { answers: 2, bytes: 100 } });
    keep(lane, "/a", "x".repeat(40));
    keep(lane, "/b", "x".repeat(40));
    keep(lane, "/c", "x".repeat(10));
    expect(["/a", "/b", "/c"].map((url) => replays(lane, url))).toEqual([false, true, true]);
    // 40 + 10 + 80 bytes: the oldest (/b) goes, and 90 bytes fit.
    keep(lane, "/d", "x".repeat(80));
    expect(["/b", "/c", "/d"].map((url) => replays(lane, url))).toEqual([false, true, true]);
  });

  it("forgets answers whose cache entry has expired when swept", () => {
    const lane = new AnswerLane({ accepts: () => true, enabled: true });
    const expiring = { etag: '"s"', expiresAt: Date.now() + 50 };
    const asked = request("/soon");
    lane.offer(asked, expiring);
    lane.keep(asked, 200, {}, "x".repeat(1000));
    keep(lane, "/later", "{}");
    lane.sweep();
    expect([replays(lane, "/soon"), replays(lane, "/later")]).toEqual([true, true]);
    expiring.expiresAt = Date.now() - 1;
    lane.sweep();
    expiring.expiresAt = Number.MAX_SAFE_INTEGER; // kept, it would replay again
    expect([replays(lane, "/soon"), replays(lane, "/later")]).toEqual([false, true]);
  });

  it("keeps nothing it was not offered, or offered before a clear", () => {
    const lane = new AnswerLane({ accepts: () => true, enabled: true });
    const unoffered = request("/a");
    lane.keep(unoffered, 200, {}, "{}");
    const before = request("/b");
    lane.offer(before, entry);
    lane.clear();
    lane.keep(before, 200, {}, "{}");
    expect([replays(lane, "/a"), replays(lane, "/b")]).toEqual([false, false]);
  });

  it("turns away a host it does not answer for before reading If-None-Match", () => {
    let reads = 0;
    const lane = new AnswerLane({ accepts: (host) => host === "127.0.0.1", enabled: true });
    keep(lane, "/a", "{}");
    const headers = {
      host: "evil.example",
      get "if-none-match"() {
        reads += 1;
        return '"other"';
      },
    };
    const asked = { method: "GET", url: "/a", headers, socket: {} } as unknown as http.IncomingMessage;
    const response = { writeHead: () => {}, end: () => {} } as unknown as http.ServerResponse;
    expect(lane.answer(asked, response)).toBe(false);
    expect(reads).toBe(0);
    // From a host it answers for, it reads the header and replays the 200 (the tag is not ours).
    headers.host = "127.0.0.1";
    expect(lane.answer(asked, response)).toBe(true);
    expect(reads).toBe(1);
  });
});
