import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorsPlugin } from "../plugins/errors";
import { RequestLogController } from "./request-log";

/** An app logging JSON lines at `info` into an array, with the routes the cases need. */
async function appLogging(accessLog: boolean) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  const app = Fastify({
    logger: { level: "info", stream },
    logController: new RequestLogController({ accessLog }),
  });
  await app.register(errorsPlugin);
  app.get("/ok", async () => ({ ok: true }));
  app.get("/unavailable", async (_request, reply) => reply.code(503).send({ error: "Database unavailable" }));
  app.get("/boom", async () => {
    throw new Error("exploded");
  });
  await app.ready();
  return { app, lines };
}

describe("request logging", () => {
  it("is silent for answered requests when ACCESS_LOG is off", async () => {
    const { app, lines } = await appLogging(false);
    await app.inject({ url: "/ok" });
    await app.inject({ url: "/missing" });
    expect(lines).toEqual([]);
    await app.close();
  });

  it("logs 5xx answers and thrown errors when ACCESS_LOG is off", async () => {
    const { app, lines } = await appLogging(false);
    await app.inject({ url: "/unavailable" });
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, method: "GET", url: "/unavailable", statusCode: 503 }),
    ]);
    lines.length = 0;
    await app.inject({ url: "/boom" });
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 50,
          msg: "request failed",
          err: expect.objectContaining({ message: "exploded" }),
        }),
        expect.objectContaining({ level: 50, url: "/boom", statusCode: 500 }),
      ]),
    );
    await app.close();
  });

  it("writes one line per request when ACCESS_LOG is on", async () => {
    const { app, lines } = await appLogging(true);
    await app.inject({ url: "/ok" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "GET /ok 200",
      method: "GET",
      url: "/ok",
      statusCode: 200,
      responseTime: expect.any(Number),
      reqId: expect.any(String),
    });
    lines.length = 0;
    await app.inject({ url: "/missing" });
    expect(lines).toEqual([expect.objectContaining({ level: 30, url: "/missing", statusCode: 404 })]);
    await app.close();
  });
});
