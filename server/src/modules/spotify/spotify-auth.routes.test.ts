import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import {
  connectVisitor,
  consent,
  leakedTokens,
  type SpotifyTestBed,
  sessionCookie,
  startSpotifyTestBed,
  withCookie,
} from "../../test/spotify-visitor";
import { testEngine } from "../../test/test-database";

const sessionRows = (bed: SpotifyTestBed) => bed.t.database.db.select().from(sessions).orderBy(sessions.id);
const checkAuth = (bed: SpotifyTestBed, cookie?: string) =>
  bed.request({ url: "/api/spotify/check-auth", headers: withCookie(cookie) }).then((r) => r.json());

describe(`Spotify connect flow on ${testEngine}`, () => {
  let bed: SpotifyTestBed;
  beforeAll(async () => {
    bed = await startSpotifyTestBed();
  });
  afterAll(() => bed.close());

  it("reports not connected without creating a session or setting a cookie", async () => {
    const response = await bed.request("/api/spotify/check-auth");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: false });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await sessionRows(bed)).toHaveLength(0);
  });

  it("sends the browser to Spotify with PKCE S256, state, scopes and the exact redirect address", async () => {
    const response = await bed.request("/api/spotify/authorize?returnTo=/playlist-creator");
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(`${bed.fake.url}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: bed.fake.clientId,
      response_type: "code",
      redirect_uri: "http://127.0.0.1:3000/api/spotify/callback",
      code_challenge_method: "S256",
      scope: "playlist-modify-public playlist-modify-private",
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state?.length).toBeGreaterThanOrEqual(22);
    // The session now exists, holding the one-time state (and nothing readable as a verifier).
    expect(sessionCookie(response)).toBeDefined();
    const [row] = await sessionRows(bed);
    expect(JSON.stringify(row?.data)).toContain(params.state);
  });

  it("connects: exchanges the code, reads /me, rotates the session and returns to the page", async () => {
    const journey = await connectVisitor(bed, "/playlist-creator?from=hub#top");
    expect(journey.response.statusCode).toBe(303);
    expect(journey.location).toBe("/playlist-creator?from=hub&spotify=connected#top");
    expect(journey.cookie).not.toBe(journey.startCookie);
    expect(await checkAuth(bed, journey.cookie)).toEqual({
      authenticated: true,
      displayName: "Test Listener",
    });
    // The pre-login session id is worthless after the login.
    expect(await checkAuth(bed, journey.startCookie)).toEqual({ authenticated: false });
    expect(bed.fake.state.tokenGrants.at(-1)).toEqual({
      grantType: "authorization_code",
      clientAuth: "none",
    });
  });

  it("defaults returnTo to the Spotify Test page", async () => {
    const journey = await connectVisitor(bed);
    expect(journey.location).toBe("/spotify-test?spotify=connected");
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "ignores the returnTo %j",
    async (returnTo) => {
      const journey = await connectVisitor(bed, returnTo);
      expect(journey.location).toBe("/spotify-test?spotify=connected");
    },
  );

  it("refuses a returnTo holding a control character (browsers strip them; only a crafted request has one)", async () => {
    const response = await bed.request(
      `/api/spotify/authorize?returnTo=${encodeURIComponent("/\t/evil.example")}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.json()).toMatchObject({ issues: [{ path: "returnTo" }] });
  });

  it("keeps a dot-segment path as given rather than normalising it into //host", async () => {
    const journey = await connectVisitor(bed, "/.//evil.example");
    expect(journey.location).toBe("/.//evil.example?spotify=connected");
  });

  it("returns with spotify=denied when the visitor declines, and stays disconnected", async () => {
    bed.fake.control({ consent: "deny" });
    const journey = await connectVisitor(bed, "/spotify-test");
    bed.fake.control({ consent: "approve" });
    expect(journey.location).toBe("/spotify-test?spotify=denied");
    expect(await checkAuth(bed, journey.cookie)).toEqual({ authenticated: false });
  });

  it.each([
    ["the token endpoint fails", { failNext: { status: 500 as const, on: "token" as const } }],
    ["/me fails", { failNext: { status: 500 as const } }],
  ])("returns with spotify=failed when %s, without a stack trace", async (_, control) => {
    bed.fake.control(control);
    const journey = await connectVisitor(bed, "/spotify-test");
    expect(journey.response.statusCode).toBe(303);
    expect(journey.location).toBe("/spotify-test?spotify=failed");
    expect(journey.response.body).not.toMatch(/at .+\.ts:\d+/);
    expect(await checkAuth(bed, journey.cookie)).toEqual({ authenticated: false });
  });

  it("returns with spotify=failed when the code is not valid", async () => {
    const start = await bed.request("/api/spotify/authorize");
    const callback = new URL(await consent(String(start.headers.location)), "http://x");
    callback.searchParams.set("code", "forged-code");
    const done = await bed.request({
      url: callback.pathname + callback.search,
      headers: withCookie(sessionCookie(start)),
    });
    expect(done.headers.location).toBe("/spotify-test?spotify=failed");
  });

  it("returns with spotify=expired when the sign-in took longer than ten minutes", async () => {
    const start = await bed.request("/api/spotify/authorize");
    const callbackPath = await consent(String(start.headers.location));
    await bed.t.database.db.execute(
      sql`update sessions set data = jsonb_set(data, '{spotifyPending,0,createdAt}', to_jsonb(0))`,
    );
    const done = await bed.request({ url: callbackPath, headers: withCookie(sessionCookie(start)) });
    expect(done.headers.location).toBe("/spotify-test?spotify=expired");
  });

  it("forgets the connection on disconnect, idempotently", async () => {
    const { cookie } = await connectVisitor(bed);
    const first = await bed.request({
      method: "POST",
      url: "/api/spotify/disconnect",
      headers: withCookie(cookie),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect(await checkAuth(bed, cookie)).toEqual({ authenticated: false });
    const again = await bed.request({
      method: "POST",
      url: "/api/spotify/disconnect",
      headers: withCookie(cookie),
    });
    expect(again.json()).toEqual({ success: true });
    const anonymous = await bed.request({ method: "POST", url: "/api/spotify/disconnect" });
    expect(anonymous.json()).toEqual({ success: true });
    expect(anonymous.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a disconnect posted from another site", async () => {
    const { cookie } = await connectVisitor(bed);
    const response = await bed.request({
      method: "POST",
      url: "/api/spotify/disconnect",
      headers: { ...withCookie(cookie), origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
    expect(await checkAuth(bed, cookie)).toMatchObject({ authenticated: true });
  });

  it("uses HTTP Basic client authentication when a client secret is configured", async () => {
    const withSecret = await startSpotifyTestBed({ fake: { clientSecret: "shh-secret" } });
    try {
      const journey = await connectVisitor(withSecret);
      expect(journey.location).toBe("/spotify-test?spotify=connected");
      expect(withSecret.fake.state.tokenGrants).toEqual([
        { grantType: "authorization_code", clientAuth: "basic" },
      ]);
      expect(leakedTokens(withSecret)).toEqual([]);
    } finally {
      await withSecret.close();
    }
  });

  it("never shows an access or refresh token in any answer", () => {
    expect(bed.fake.state.issued.length).toBeGreaterThan(10);
    expect(leakedTokens(bed)).toEqual([]);
  });
});

describe("Spotify not configured", () => {
  let bed: SpotifyTestBed;
  beforeAll(async () => {
    bed = await startSpotifyTestBed({ spotify: false });
  });
  afterAll(() => bed.close());

  it("answers authorize with 503 JSON saying so, and stores nothing", async () => {
    const response = await bed.request("/api/spotify/authorize");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: "Spotify is not configured on this server" });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await sessionRows(bed)).toHaveLength(0);
  });

  it("reports not connected, and a callback is refused", async () => {
    expect(await checkAuth(bed)).toEqual({ authenticated: false });
    const callback = await bed.request("/api/spotify/callback?code=x&state=y");
    expect(callback.statusCode).toBe(400);
  });
});
