import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorsPlugin } from "../plugins/errors";
import { REDACTED, RequestLogController, redactUrl } from "./request-log";

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
  app.get("/busy", async (_request, reply) =>
    reply.code(503).header("retry-after", "1").send({ error: "Busy, try again in a second" }),
  );
  app.get("/boom", async () => {
    throw new Error("exploded");
  });
  for (const path of [
    "/api/newsletter/confirm",
    "/api/newsletter/unsubscribe",
    "/newsletter/confirm",
    "/newsletter/unsubscribe",
  ]) {
    app.get(path, async () => ({ ok: true }));
    app.post(path, async () => ({ ok: true }));
  }
  app.get("/api/spotify/callback", async (request) => {
    if ((request.query as { fail?: string }).fail) throw new Error("token exchange failed");
    return { ok: true };
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
    // A 503 with Retry-After is a choice (an outage logged once elsewhere, or load shed): no line.
    await app.inject({ url: "/busy" });
    expect(lines).toEqual([]);
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

describe("request logs and the visitor's address", () => {
  const ADDRESS = "203.0.113.77";

  it("a 5xx answer's lines (and a thrown error's) hold no client address", async () => {
    const { app, lines } = await appLogging(false);
    await app.inject({ url: "/unavailable", remoteAddress: ADDRESS });
    await app.inject({ url: "/boom", remoteAddress: ADDRESS });
    expect(lines.map((line) => line.statusCode ?? line.msg)).toEqual([503, "request failed", 500]);
    expect(JSON.stringify(lines)).not.toContain(ADDRESS);
    for (const line of lines) expect(line).not.toHaveProperty("ip");
    await app.close();
  });

  it("nor does an access log line (ACCESS_LOG on)", async () => {
    const { app, lines } = await appLogging(true);
    await app.inject({ url: "/ok", remoteAddress: ADDRESS });
    await app.inject({ url: "/missing", remoteAddress: ADDRESS });
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain(ADDRESS);
    await app.close();
  });
});

describe("request log redaction", () => {
  const SECRET = "s3cr3t-T0ken_value";

  it("never logs the query values of the newsletter links or the OAuth callback", async () => {
    const { app, lines } = await appLogging(true);
    const urls = [
      `/api/newsletter/confirm?token=${SECRET}`,
      `/api/newsletter/unsubscribe?token=${SECRET}`,
      `/newsletter/confirm?token=${SECRET}`,
      `/newsletter/unsubscribe?token=${SECRET}&utm_source=${SECRET}`,
      `/newsletter/confirm/?token=${SECRET}`,
      `/api/spotify/callback?code=${SECRET}&state=${SECRET}`,
    ];
    for (const url of urls) await app.inject({ url });
    await app.inject({
      method: "POST",
      url: `/api/newsletter/unsubscribe?token=${SECRET}`,
      payload: { token: SECRET },
    });
    expect(lines).toHaveLength(urls.length + 1);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(SECRET);
    expect(lines[0]).toMatchObject({
      url: `/api/newsletter/confirm?token=${REDACTED}`,
      msg: `GET /api/newsletter/confirm?token=${REDACTED} 200`,
    });
    expect(lines[5]).toMatchObject({ url: `/api/spotify/callback?code=${REDACTED}&state=${REDACTED}` });
    await app.close();
  });

  it("redacts the error lines too (ACCESS_LOG off)", async () => {
    const { app, lines } = await appLogging(false);
    await app.inject({ url: `/api/spotify/callback?code=${SECRET}&state=${SECRET}&fail=1` });
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          statusCode: 500,
          url: `/api/spotify/callback?code=${REDACTED}&state=${REDACTED}&fail=${REDACTED}`,
        }),
      ]),
    );
    await app.close();
  });

  it("keeps other query strings, but not token, code or state anywhere", () => {
    expect(redactUrl("/search?q=daft+punk&page=2")).toBe("/search?q=daft+punk&page=2");
    expect(redactUrl("/genres")).toBe("/genres");
    expect(redactUrl(`/elsewhere?q=1&Token=${SECRET}&code=${SECRET}&%73tate=${SECRET}`)).toBe(
      `/elsewhere?q=1&Token=${REDACTED}&code=${REDACTED}&${REDACTED}`,
    );
    // A bare value on a token-bearing address may be the token: nothing of it is kept.
    expect(redactUrl(`/newsletter/confirm?${SECRET}`)).toBe(`/newsletter/confirm?${REDACTED}`);
    expect(redactUrl(`/newsletter/confirm?${"x".repeat(43)}=1`)).toBe(`/newsletter/confirm?${REDACTED}`);
  });
});
