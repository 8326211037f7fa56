import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../../db/schema";
import { fromSite } from "../../test/same-origin";
import {
  connectVisitor,
  consent,
  leakedTokens,
  pendingCookie,
  type SpotifyTestBed,
  sessionCookie,
  sessionRowOf,
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
    // No session: the one-time state and the verifier wait in a sealed cookie for ten minutes.
    expect(sessionCookie(response)).toBeUndefined();
    expect(await sessionRows(bed)).toHaveLength(0);
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(/^wmc_spotify_pending=v1\.[^;]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(header).not.toContain(params.state);
  });

  it("writes no session row for 100 visits to authorize, and one for a completed callback", async () => {
    await bed.t.database.db.delete(sessions);
    // A hundred visitors (from their own addresses, so the per-address limit stays out of it).
    for (let visit = 0; visit < 100; visit++) {
      const response = await bed.request({
        url: "/api/spotify/authorize?returnTo=/genres",
        remoteAddress: `198.51.100.${visit}`,
        headers: { host: "127.0.0.1:3000" },
      });
      expect(response.statusCode).toBe(302);
    }
    expect(await sessionRows(bed)).toHaveLength(0);
    const journey = await connectVisitor(bed, "/genres");
    expect(journey.location).toBe("/genres?spotify=connected");
    expect(await sessionRows(bed)).toHaveLength(1);
    // The callback used up the pending sign-in: its cookie is cleared.
    expect(journey.response.cookies.find((c) => c.name === "wmc_spotify_pending")).toMatchObject({
      value: "",
      maxAge: 0,
    });
  });

  it("keeps three sign-ins started in other tabs, each usable once", async () => {
    const starts = [] as { callback: string; pending: string | undefined }[];
    let pending: string | undefined;
    for (const returnTo of ["/a", "/b", "/c"]) {
      const start = await bed.request({
        url: `/api/spotify/authorize?returnTo=${returnTo}`,
        headers: withCookie(pending),
      });
      pending = pendingCookie(start);
      starts.push({ callback: await consent(String(start.headers.location)), pending });
    }
    const first = await bed.request({ url: starts[0]?.callback ?? "", headers: withCookie(pending) });
    expect(first.headers.location).toBe("/a?spotify=connected");
    const left = pendingCookie(first);
    const third = await bed.request({
      url: starts[2]?.callback ?? "",
      headers: withCookie(sessionCookie(first), left),
    });
    expect(third.headers.location).toBe("/c?spotify=connected");
    // The first one again, with the cookie as it was before it was used: the code is spent.
    const replay = await bed.request({ url: starts[0]?.callback ?? "", headers: withCookie(pending) });
    expect(replay.headers.location).toBe("/a?spotify=expired");
  });

  it("connects: exchanges the code, reads /me, rotates the session and returns to the page", async () => {
    const journey = await connectVisitor(bed, "/playlist-creator?from=hub#top");
    expect(journey.response.statusCode).toBe(303);
    expect(journey.location).toBe("/playlist-creator?from=hub&spotify=connected#top");
    expect(await checkAuth(bed, journey.cookie)).toEqual({
      authenticated: true,
      displayName: "Test Listener",
    });
    // Connecting again moves the session to a new id: the one known before a login is worthless after it.
    const again = await connectVisitor(bed, "/", journey.cookie);
    expect(again.location).toBe("/?spotify=connected");
    expect(again.cookie).not.toBe(journey.cookie);
    expect(await checkAuth(bed, again.cookie)).toMatchObject({ authenticated: true });
    expect(await checkAuth(bed, journey.cookie)).toEqual({ authenticated: false });
    expect(bed.fake.state.tokenGrants.at(-1)).toEqual({
      grantType: "authorization_code",
      clientAuth: "none",
    });
  });

  it("refuses a session 90 days after it was made, however recently it was used", async () => {
    const { cookie } = await connectVisitor(bed);
    const row = await sessionRowOf(bed, cookie);
    await bed.t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 90 * 86_400_000 - 60_000) })
      .where(eq(sessions.id, row?.id ?? ""));
    expect((await sessionRowOf(bed, cookie))?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await checkAuth(bed, cookie)).toEqual({ authenticated: false });
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

  it("returns with spotify=expired when Spotify refuses the code (used already, or not its own)", async () => {
    const start = await bed.request("/api/spotify/authorize?returnTo=/genres");
    const callback = new URL(await consent(String(start.headers.location)), "http://x");
    callback.searchParams.set("code", "forged-code");
    const done = await bed.request({
      url: callback.pathname + callback.search,
      headers: withCookie(pendingCookie(start)),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/genres?spotify=expired");
    expect(sessionCookie(done)).toBeUndefined();
  });

  it("returns with spotify=expired when the sign-in took longer than ten minutes", async () => {
    const start = await bed.request("/api/spotify/authorize?returnTo=/genres");
    const callbackPath = await consent(String(start.headers.location));
    const rowsBefore = (await sessionRows(bed)).length;
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 10 * 60_000 + 1000);
    try {
      const done = await bed.request({ url: callbackPath, headers: withCookie(pendingCookie(start)) });
      expect(done.statusCode).toBe(303);
      // The cookie has expired; the state still names the page the sign-in started from.
      expect(done.headers.location).toBe("/genres?spotify=expired");
      expect(sessionCookie(done)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
    expect(await sessionRows(bed)).toHaveLength(rowsBefore);
  });

  it("refuses a pending cookie that was changed, or sealed with another secret", async () => {
    const start = await bed.request("/api/spotify/authorize?returnTo=/genres");
    const callbackPath = await consent(String(start.headers.location));
    const cookie = pendingCookie(start) ?? "";
    const changed = `${cookie.slice(0, -3)}${cookie.endsWith("AAA") ? "BBB" : "AAA"}`;
    const done = await bed.request({ url: callbackPath, headers: withCookie(changed) });
    expect(done.headers.location).toBe("/genres?spotify=expired");
    expect(sessionCookie(done)).toBeUndefined();
    const other = await startSpotifyTestBed();
    try {
      const foreign = await other.request({ url: callbackPath, headers: withCookie(cookie) });
      expect(foreign.headers.location).toBe("/genres?spotify=expired");
      expect(sessionCookie(foreign)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("forgets the connection on disconnect, idempotently", async () => {
    const { cookie } = await connectVisitor(bed);
    const first = await bed.request({
      method: "POST",
      url: "/api/spotify/disconnect",
      headers: fromSite(withCookie(cookie)),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect(await checkAuth(bed, cookie)).toEqual({ authenticated: false });
    const again = await bed.request({
      method: "POST",
      url: "/api/spotify/disconnect",
      headers: fromSite(withCookie(cookie)),
    });
    expect(again.json()).toEqual({ success: true });
    const anonymous = await bed.request({
      method: "POST",
      url: "/api/spotify/disconnect",
      headers: fromSite(),
    });
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

  it("sends a Connect back to the page it came from with spotify=not-configured, storing nothing", async () => {
    const response = await bed.request("/api/spotify/authorize?returnTo=%2Fplaylist%2F1%3Fx%3D1%23top");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/playlist/1?x=1&spotify=not-configured#top");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await sessionRows(bed)).toHaveLength(0);
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "evil.example"])(
    "never sends it to another site (returnTo %j)",
    async (returnTo) => {
      const response = await bed.request(`/api/spotify/authorize?returnTo=${encodeURIComponent(returnTo)}`);
      expect(response.headers.location).toBe("/spotify-test?spotify=not-configured");
    },
  );

  it.each([
    ["/genres", "/genres?spotify=expired"],
    ["//evil.example", "/spotify-test?spotify=expired"],
    ["https://evil.example", "/spotify-test?spotify=expired"],
    ["/\\evil.example", "/spotify-test?spotify=expired"],
  ])(
    "follows the page named in an unknown callback's state only as a same-site path (%j)",
    async (path, location) => {
      const state = `random.${Buffer.from(path).toString("base64url")}`;
      const callback = await bed.request(`/api/spotify/callback?code=x&state=${state}`);
      expect(callback.headers.location).toBe(location);
    },
  );

  it("reports not connected, and a callback goes back with spotify=expired", async () => {
    expect(await checkAuth(bed)).toEqual({ authenticated: false });
    const callback = await bed.request("/api/spotify/callback?code=x&state=y");
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe("/spotify-test?spotify=expired");
  });
});
