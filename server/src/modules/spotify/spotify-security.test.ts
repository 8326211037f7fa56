import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { sessionRowId } from "../../stores/session-store";
import {
  connectVisitor,
  consent,
  leakedTokens,
  pendingCookie,
  type SpotifyTestBed,
  sessionCookie,
  sessionIdOf,
  sessionRowOf,
  startSpotifyTestBed,
  withCookie,
} from "../../test/spotify-visitor";
import { testEngine } from "../../test/test-database";

const allRows = (bed: SpotifyTestBed) => bed.t.database.db.select().from(sessions).orderBy(sessions.id);
const checkAuth = (bed: SpotifyTestBed, cookie?: string) =>
  bed.request({ url: "/api/spotify/check-auth", headers: withCookie(cookie) }).then((r) => r.json());

describe(`Spotify security on ${testEngine}`, () => {
  let bed: SpotifyTestBed;
  beforeAll(async () => {
    bed = await startSpotifyTestBed();
  });
  afterAll(() => bed.close());

  it("sends a callback whose state does not match back with spotify=expired, changing nothing", async () => {
    const start = await bed.request("/api/spotify/authorize");
    const cookie = pendingCookie(start);
    const genuine = new URL(await consent(String(start.headers.location)), "http://x");
    const before = await allRows(bed);
    for (const state of ["forged-state", "", genuine.searchParams.get("state")?.slice(1) ?? ""]) {
      const forged = new URL(genuine);
      forged.searchParams.set("state", state);
      const response = await bed.request({
        url: forged.pathname + forged.search,
        headers: withCookie(cookie),
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/spotify-test?spotify=expired");
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    const missing = await bed.request({ url: `/api/spotify/callback?code=x`, headers: withCookie(cookie) });
    expect(missing.headers.location).toBe("/spotify-test?spotify=expired");
    expect(await allRows(bed)).toEqual(before);
    // The genuine callback still works afterwards: the forged ones consumed nothing.
    const done = await bed.request({ url: genuine.pathname + genuine.search, headers: withCookie(cookie) });
    expect(done.headers.location).toBe("/spotify-test?spotify=connected");
  });

  it("sends a replayed callback back with spotify=expired, with or without the old cookies, changing nothing", async () => {
    const journey = await connectVisitor(bed, "/genres");
    expect(journey.location).toBe("/genres?spotify=connected");
    const before = await allRows(bed);
    // The browser's cookies after the callback (the pending sign-in is gone), an old copy of the
    // pending cookie kept by someone (the code is spent at Spotify), and none.
    for (const [cookies, location] of [
      [[journey.cookie], "/genres?spotify=expired"],
      [[journey.startCookie], "/genres?spotify=expired"],
      [[journey.cookie, journey.startCookie], "/genres?spotify=expired"],
      [[], "/genres?spotify=expired"],
    ] as const) {
      const replay = await bed.request({ url: journey.callbackPath, headers: withCookie(...cookies) });
      expect(replay.statusCode).toBe(303);
      expect(replay.headers.location).toBe(location);
      expect(sessionCookie(replay)).toBeUndefined();
    }
    expect(await allRows(bed)).toEqual(before);
    expect(await checkAuth(bed, journey.cookie)).toMatchObject({ authenticated: true });
  });

  it("refuses another browser's callback (a login CSRF): no session, only the expired notice", async () => {
    const attacker = await bed.request("/api/spotify/authorize");
    const attackerCallback = await consent(String(attacker.headers.location));
    const victim = await bed.request("/api/spotify/authorize");
    const before = await allRows(bed);
    const response = await bed.request({ url: attackerCallback, headers: withCookie(pendingCookie(victim)) });
    expect(response.headers.location).toBe("/spotify-test?spotify=expired");
    expect(sessionCookie(response)).toBeUndefined();
    expect(await allRows(bed)).toEqual(before);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/, signed, 30 days, not Secure on http", async () => {
    const { response } = await connectVisitor(bed);
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(/(^|,)wmc_session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax($|,)/);
    expect(header).not.toMatch(/Secure/);
    // Signed: the id plus a signature; the id alone, or a changed signature, is no session.
    const value = response.cookies.find((c) => c.name === "wmc_session")?.value ?? "";
    const [id, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signature.length).toBeGreaterThan(20);
    const { cookie } = await connectVisitor(bed);
    const [name, signed] = (cookie ?? "").split("=");
    const bareId = signed?.slice(0, signed.lastIndexOf("."));
    expect(await checkAuth(bed, `${name}=${bareId}`)).toEqual({ authenticated: false });
    expect(await checkAuth(bed, `${name}=${bareId}.${"A".repeat(43)}`)).toEqual({ authenticated: false });
    expect(await checkAuth(bed, cookie)).toMatchObject({ authenticated: true });
  });

  it("keeps tokens encrypted in the sessions table, under a hash of the cookie's id", async () => {
    const { cookie } = await connectVisitor(bed);
    const id = sessionIdOf(cookie);
    const rows = await allRows(bed);
    const row = await sessionRowOf(bed, cookie);
    expect(row?.id).toBe(sessionRowId(id));
    expect(rows.some((r) => r.id === id)).toBe(false);
    const stored = JSON.stringify(row?.data);
    expect(stored).toContain("Test Listener");
    expect(stored).toMatch(/"tokens":"v1\./);
    for (const token of bed.fake.state.issued) expect(stored).not.toContain(token);
    expect(JSON.stringify(rows)).not.toMatch(/fake-(access|refresh)-/);
  });

  it("treats a changed token blob as disconnected and removes it", async () => {
    const { cookie } = await connectVisitor(bed);
    const row = await sessionRowOf(bed, cookie);
    const data = row?.data as { spotify: { tokens: string } };
    const tokens = data.spotify.tokens;
    const changed = `${tokens.slice(0, -2)}${tokens.endsWith("AA") ? "BB" : "AA"}`;
    await bed.t.database.db
      .update(sessions)
      .set({ data: { ...data, spotify: { ...data.spotify, tokens: changed } } })
      .where(eq(sessions.id, row?.id ?? ""));
    expect(await checkAuth(bed, cookie)).toEqual({ authenticated: false });
    expect(await sessionRowOf(bed, cookie)).toBeUndefined();
  });

  it("never shows a token in any answer", () => {
    expect(bed.fake.state.issued.length).toBeGreaterThan(0);
    expect(leakedTokens(bed)).toEqual([]);
  });
});

describe("cookies on https", () => {
  it("are Secure and __Host- prefixed when PUBLIC_URL is https", async () => {
    const bed = await startSpotifyTestBed({ env: { PUBLIC_URL: "https://music.example" } });
    try {
      const journey = await connectVisitor(bed);
      const pending = String(journey.start.headers["set-cookie"]);
      expect(pending).toMatch(
        /^__Host-wmc_spotify_pending=v1\.[^;]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      const redirect = new URL(String(journey.start.headers.location)).searchParams.get("redirect_uri");
      expect(redirect).toBe("https://music.example/api/spotify/callback");
      expect(journey.location).toBe("/spotify-test?spotify=connected");
      const header = String(journey.response.headers["set-cookie"]);
      expect(header).toMatch(
        /__Host-wmc_session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await bed.close();
    }
  });
});
