import cookie from "@fastify/cookie";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noStoreCookiesPlugin } from "./no-store-cookies";

/** The cookie plugin first, as app.ts registers them (its onSend hook writes Set-Cookie). */
async function appWithCookies() {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  await app.register(noStoreCookiesPlugin);
  app.get("/sets", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60").setCookie("sid", "abc", { httpOnly: true });
    return { ok: true };
  });
  app.get("/sets-unmarked", async (_request, reply) => reply.setCookie("sid", "abc").send({ ok: true }));
  app.get("/sets-private", async (_request, reply) => {
    reply.header("cache-control", "private, max-age=0").setCookie("sid", "abc");
    return { ok: true };
  });
  app.get("/plain", async (_request, reply) => reply.header("cache-control", "public, max-age=60").send([]));
  return app;
}

describe("answers that set a cookie are never stored", () => {
  let app: Awaited<ReturnType<typeof appWithCookies>>;
  beforeAll(async () => {
    app = await appWithCookies();
  });
  afterAll(() => app.close());

  it("marks an answer that sets a cookie private, no-store, over a public cache-control or none", async () => {
    for (const url of ["/sets", "/sets-unmarked"]) {
      const answer = await app.inject(url);
      expect(answer.headers["set-cookie"], url).toBeDefined();
      expect(answer.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("leaves an answer that already says private, and one that sets no cookie", async () => {
    expect((await app.inject("/sets-private")).headers["cache-control"]).toBe("private, max-age=0");
    const plain = await app.inject("/plain");
    expect(plain.headers["cache-control"]).toBe("public, max-age=60");
    expect(plain.json()).toEqual([]);
  });
});
