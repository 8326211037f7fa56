import { createServer, type Server, Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../db/client";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase, testEngine } from "../test/test-database";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "./errors";

/** A TCP relay to PostgreSQL that can be switched off (connections cut, new ones refused) and on. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      const relay = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server = relay;
      relay.listen(port, "127.0.0.1", () => {
        port = (relay.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  await up();
  const url = new URL(target.href);
  url.host = `127.0.0.1:${port}`;
  return { url: url.href, up, down };
}

let searches = 0;
/** A podcast search no earlier request asked (so no cache can answer it). */
const search = (app: TestApp["app"]) => {
  searches += 1;
  return app.inject({ method: "GET", url: `/api/podcasts?q=jazz${searches}` });
};

describe(`the database goes away (${testEngine})`, () => {
  let closeAll: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closeAll.reverse()) await close().catch(() => {});
    closeAll = [];
  });

  /** `count` apps on one PostgreSQL test database, each reaching it through one relay. */
  async function serversThroughRelay(count: number) {
    const database = await createTestDatabase();
    closeAll.push(() => database.close());
    if (database.config.kind !== "postgres") throw new Error("expected PostgreSQL");
    const relay = await relayTo(new URL(database.config.url));
    closeAll.push(relay.down);
    const servers: TestApp[] = [];
    for (let i = 0; i < count; i++) {
      const server = await createTestApp({
        database: await openDatabase({ kind: "postgres", url: relay.url }),
      });
      closeAll.push(() => server.close());
      servers.push(server);
    }
    return { relay, servers };
  }

  it.skipIf(testEngine !== "pglite")(
    "answers 503 JSON with Retry-After, and logs the outage once",
    async () => {
      const test = await createTestApp();
      closeAll.push(() => test.app.close());
      const logged = vi.spyOn(test.app.log, "error");
      expect((await search(test.app)).statusCode).toBe(200);
      await test.database.close();
      for (let i = 0; i < 3; i++) {
        const response = await search(test.app);
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(response.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
      }
      expect(logged).toHaveBeenCalledTimes(1);
    },
  );

  it.skipIf(testEngine !== "postgres")(
    "answers 503 JSON with Retry-After while PostgreSQL is unreachable, logs it once, and recovers by itself",
    { timeout: 30_000 },
    async () => {
      const { relay, servers } = await serversThroughRelay(1);
      const test = servers[0] as TestApp;
      const errors = vi.spyOn(test.app.log, "error");
      const infos = vi.spyOn(test.app.log, "info");
      expect((await search(test.app)).statusCode).toBe(200);

      await relay.down();
      for (let i = 0; i < 3; i++) {
        const response = await search(test.app);
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(response.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
      }
      expect(errors).toHaveBeenCalledTimes(1);

      await relay.up();
      await vi.waitFor(() => expect(infos).toHaveBeenCalledWith(expect.anything(), "the database is back"), {
        timeout: 10_000,
        interval: 200,
      });
      expect((await search(test.app)).statusCode).toBe(200);
    },
  );

  it.skipIf(testEngine !== "postgres")(
    "two servers on one PostgreSQL: both answer 503 (API, health) while it is unreachable and both recover by themselves",
    { timeout: 30_000 },
    async () => {
      const { relay, servers } = await serversThroughRelay(2);
      for (const server of servers) expect((await search(server.app)).statusCode).toBe(200);

      await relay.down();
      for (const server of servers) {
        const started = Date.now();
        const answer = await search(server.app);
        expect(answer.statusCode).toBe(503);
        expect(answer.headers["content-type"]).toContain("application/json");
        expect(Date.now() - started).toBeLessThan(2000);
        expect((await server.app.inject({ url: "/api/health" })).statusCode).toBe(503);
      }

      await relay.up();
      const back = Date.now();
      for (const server of servers) {
        await vi.waitFor(
          async () => {
            expect((await search(server.app)).statusCode).toBe(200);
            expect((await server.app.inject({ url: "/api/health" })).statusCode).toBe(200);
          },
          { timeout: 5000, interval: 100 },
        );
      }
      expect(Date.now() - back).toBeLessThan(5000);
    },
  );
});
