import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { REDACTED } from "../../lib/request-log";
import { fromSite } from "../../test/same-origin";
import { fixtureClientDist } from "../../test/test-app";
import { createTestDatabase, type TestDatabase } from "../../test/test-database";

const MESSAGE = "no SMTP_URL: confirmation link not mailed";

/** The app without SMTP_URL in `mode`, its log lines (JSON) kept in an array. */
async function appIn(mode: "production" | "development", database: TestDatabase) {
  const lines: Record<string, unknown>[] = [];
  const config = loadConfig({
    NODE_ENV: mode,
    LOG_LEVEL: "info",
    CLIENT_DIST: fixtureClientDist(),
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    PUBLIC_URL: "https://club.example",
    // Loopback Host names are accepted from loopback connections (inject's).
    ALLOWED_HOSTS: "localhost:80",
    SPOTIFY_RESOLVER: "off",
    FEED_REFRESH: "off",
  });
  const app = await buildApp(config, {
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  return { app, lines };
}

describe("the confirmation link logged when there is no SMTP_URL", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  const subscribe = async (mode: "production" | "development") => {
    const database = await createTestDatabase();
    const { app, lines } = await appIn(mode, database);
    close = async () => {
      await app.close();
      await database.close();
    };
    const answer = await app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite(),
      payload: { email: `log-${mode}@example.com`, agreeToTerms: true },
    });
    expect(answer.statusCode).toBe(200);
    return lines.filter((line) => line.msg === MESSAGE);
  };

  it("in production is the address without its token", async () => {
    const logged = await subscribe("production");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.confirmUrl).toBe(`https://club.example/newsletter/confirm?token=${REDACTED}`);
    expect(JSON.stringify(logged)).not.toMatch(/token=(?!\[redacted\])/);
  });

  it("in development is the whole link, token and all (how a developer without mail confirms)", async () => {
    const logged = await subscribe("development");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.confirmUrl).toMatch(/^https:\/\/club\.example\/newsletter\/confirm\?token=[\w-]{20,}$/);
  });
});
