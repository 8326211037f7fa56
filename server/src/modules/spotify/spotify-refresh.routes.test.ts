import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import {
  connectVisitor,
  type SpotifyTestBed,
  startSpotifyTestBed,
  withCookie,
} from "../../test/spotify-visitor";
import { createTestApp, type TestApp } from "../../test/test-app";
import { type TestDatabase, testEngine } from "../../test/test-database";

const refreshGrants = (bed: SpotifyTestBed) =>
  bed.fake.state.tokenGrants.filter((grant) => grant.grantType === "refresh_token").length;

/**
 * Spotify rotates refresh tokens: a second refresh with the same one is refused (invalid_grant)
 * and would disconnect the visitor. However many requests (or servers) find the token expired at
 * once, exactly one refresh may reach Spotify; the others wait and use its result.
 */
describe(`Spotify token refresh, one at a time (${testEngine})`, () => {
  const secret = randomBytes(32).toString("base64url");
  let bed: SpotifyTestBed;
  beforeAll(async () => {
    bed = await startSpotifyTestBed({ env: { SESSION_SECRET: secret } });
  });
  beforeEach(() => {
    bed.fake.control({ reset: true });
  });
  afterAll(() => bed.close());

  /** A visitor whose access token expires within the refresh margin, so the next call refreshes. */
  async function visitorWithExpiringToken() {
    bed.fake.control({ tokenLifetimeSeconds: 30 });
    const { cookie } = await connectVisitor(bed);
    bed.fake.control({ tokenLifetimeSeconds: 3600, delayMs: 150 });
    return cookie;
  }

  it("parallel requests of one visitor refresh once and all go on connected", async () => {
    const cookie = await visitorWithExpiringToken();
    const paths = [
      "/api/spotify/check-auth",
      "/api/spotify/test-connection",
      "/api/music/test-connection",
      "/api/spotify/test-connection",
      "/api/spotify/check-auth",
    ];
    const answers = await Promise.all(
      paths.map((url) => bed.request({ url, headers: withCookie(cookie) }).then((r) => r.json())),
    );
    expect(refreshGrants(bed)).toBe(1);
    expect(answers).toEqual([
      { authenticated: true, displayName: "Test Listener" },
      { success: true, displayName: "Test Listener" },
      { success: true },
      { success: true, displayName: "Test Listener" },
      { authenticated: true, displayName: "Test Listener" },
    ]);
    bed.fake.control({ delayMs: 0, expireAccessTokens: true });
    // The stored refresh token is the newest one: a forced refresh still works.
    const later = await bed.request({ url: "/api/spotify/test-connection", headers: withCookie(cookie) });
    expect(later.json()).toMatchObject({ success: true });
    expect(refreshGrants(bed)).toBe(2);
  });

  describe.runIf(testEngine === "postgres")("two servers on one PostgreSQL", () => {
    let other: TestApp;
    let otherDatabase: DatabaseHandle;
    beforeAll(async () => {
      // A second app with its own connection pool, as a second server behind a load balancer is.
      otherDatabase = await openDatabase((bed.t.database as TestDatabase).config);
      other = await createTestApp({
        database: otherDatabase,
        env: { ...bed.fake.env(), SESSION_SECRET: secret },
      });
    });
    afterAll(async () => {
      await other.app.close();
      await otherDatabase.close();
    });

    it("refresh once when both find the visitor's token expired at the same moment", async () => {
      const cookie = await visitorWithExpiringToken();
      const ask = (app: TestApp["app"]) =>
        app
          .inject({ url: "/api/spotify/test-connection", headers: withCookie(cookie) })
          .then((r) => r.json());
      const answers = await Promise.all([ask(bed.t.app), ask(other.app), ask(other.app), ask(bed.t.app)]);
      expect(refreshGrants(bed)).toBe(1);
      for (const answer of answers) expect(answer).toEqual({ success: true, displayName: "Test Listener" });
      // Both servers go on with the one stored pair.
      bed.fake.control({ delayMs: 0 });
      expect(await ask(other.app)).toMatchObject({ success: true });
      expect(await ask(bed.t.app)).toMatchObject({ success: true });
      expect(refreshGrants(bed)).toBe(1);
    });
  });
});
