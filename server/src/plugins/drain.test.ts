import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

type Answer = { status: number; connection: string | undefined; socket: Socket };

describe(`shutting down with keep-alive connections open (${testEngine})`, () => {
  let t: TestApp;
  let port = 0;
  let releaseSlow: () => void = () => {};
  beforeAll(async () => {
    t = await createTestApp();
    // An answer still on its way when the shutdown starts.
    t.app.get("/__slow", async () => {
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
      return { ok: true };
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.database.close());

  it("closes idle connections cleanly, and an answer sent during the drain says Connection: close", async () => {
    // Two clients: one whose connection sits idle, one waiting for the slow answer.
    const idleClient = new http.Agent({ keepAlive: true });
    const busyClient = new http.Agent({ keepAlive: true });
    const get = (path: string, agent: http.Agent) =>
      new Promise<Answer>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path, agent }, (response) => {
            const socket = response.socket;
            response.resume();
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                socket,
              }),
            );
          })
          .on("error", reject);
      });

    const idle = await get("/api/health", idleClient);
    expect(idle.connection).toBe("keep-alive");
    const idleSocket = idle.socket;
    const idleEvents: string[] = [];
    idleSocket.on("error", (error: NodeJS.ErrnoException) => idleEvents.push(`error ${error.code}`));
    idleSocket.on("close", () => idleEvents.push("close"));

    const slow = get("/__slow", busyClient);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseSlow();
    const answer = await slow;
    await closed;

    expect(answer.status).toBe(200);
    expect(answer.connection).toBe("close");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Closed by the server, without a reset. (Whether the client's socket reports the server's FIN
    // as "end" first depends on its agent: Node 24's destroys a free socket at the FIN itself.)
    expect(idleEvents).toEqual(["close"]);
    idleClient.destroy();
    busyClient.destroy();
  });
});

describe(`draining ahead of a close, behind a load balancer (${testEngine})`, () => {
  let draining: TestApp;
  beforeAll(async () => {
    draining = await createTestApp();
  });
  afterAll(() => draining.close());

  it("while draining ahead of a close, health answers 503 'draining' and other requests are still served", async () => {
    expect((await draining.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    draining.app.beginDrain();
    const health = await draining.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "draining", db: "ok" });
    const page = await draining.app.inject({ method: "GET", url: "/api/genres" });
    expect(page.statusCode).toBe(200);
    expect(page.headers.connection).toBe("close");
  });
});
