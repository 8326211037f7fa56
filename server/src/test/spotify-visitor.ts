import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { sessions } from "../db/schema";
import { sessionRowId } from "../stores/session-store";
import { fakeSpotifyId } from "./fake-spotify/fake-catalogue";
import { type FakeSpotify, type FakeSpotifyOptions, startFakeSpotify } from "./fake-spotify/fake-spotify";
import { fromSite } from "./same-origin";
import { createTestApp, type TestApp } from "./test-app";

/** The app wired to its own fake Spotify on a free port, and every answer it gave (for leak checks). */
export interface SpotifyTestBed {
  t: TestApp;
  fake: FakeSpotify;
  responses: LightMyRequestResponse[];
  request(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startSpotifyTestBed(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    fake?: FakeSpotifyOptions;
    spotify?: boolean;
  } = {},
): Promise<SpotifyTestBed> {
  const fake = await startFakeSpotify(options.fake);
  const t = await createTestApp({
    seed: options.seed,
    env: { ...(options.spotify === false ? {} : fake.env()), ...options.env },
  });
  const responses: LightMyRequestResponse[] = [];
  return {
    t,
    fake,
    responses,
    async request(request) {
      const response = await t.app.inject(request);
      responses.push(response);
      return response;
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** "name=value" of the session cookie a response sets, if it sets one (and does not clear it). */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const found = response.cookies.find((cookie) => cookie.name.endsWith("wmc_session"));
  return found?.value ? `${found.name}=${found.value}` : undefined;
}

/** "name=value" of the sealed pending-authorization cookie a response sets, if it sets one. */
export function pendingCookie(response: LightMyRequestResponse): string | undefined {
  const found = response.cookies.find((cookie) => cookie.name.endsWith("wmc_spotify_pending"));
  return found?.value ? `${found.name}=${found.value}` : undefined;
}

/** A Cookie header of the given "name=value" pairs (undefined ones left out), or none. */
export const withCookie = (...cookies: (string | undefined)[]) => {
  const present = cookies.filter((cookie): cookie is string => Boolean(cookie));
  return present.length > 0 ? { cookie: present.join("; ") } : {};
};

/** Asks the fake's consent page, as the browser would follow the 302, and returns the callback path. */
export async function consent(authorizeLocation: string): Promise<string> {
  const answer = await fetch(authorizeLocation, { redirect: "manual" });
  const back = answer.headers.get("location");
  if (answer.status !== 302 || !back) throw new Error(`fake /authorize answered ${answer.status}`);
  const url = new URL(back);
  return url.pathname + url.search;
}

/**
 * The whole connect journey: authorize → consent → callback, as a browser holding `cookie` (a
 * session it already has, if any). Returns the sealed pending cookie the start set, the session
 * cookie the callback set and where it sent the browser.
 */
export async function connectVisitor(bed: SpotifyTestBed, returnTo?: string, cookie?: string) {
  const query = returnTo === undefined ? "" : `?returnTo=${encodeURIComponent(returnTo)}`;
  const start = await bed.request({ url: `/api/spotify/authorize${query}`, headers: withCookie(cookie) });
  const startCookie = pendingCookie(start);
  const callbackPath = await consent(String(start.headers.location));
  const done = await bed.request({ url: callbackPath, headers: withCookie(cookie, startCookie) });
  return {
    start,
    startCookie,
    callbackPath,
    response: done,
    cookie: sessionCookie(done) ?? cookie,
    location: String(done.headers.location),
  };
}

/** Every issued token value that appears in any recorded answer (status line, headers or body). */
export function leakedTokens(bed: SpotifyTestBed): string[] {
  const text = bed.responses.map((r) => `${JSON.stringify(r.headers)}\n${r.body}`).join("\n");
  return bed.fake.state.issued.filter((token) => text.includes(token));
}

/** The session id inside a "name=id.signature" cookie (what the server hashes into the row key). */
export function sessionIdOf(cookie: string | undefined): string {
  const signed = decodeURIComponent(cookie?.slice(cookie.indexOf("=") + 1) ?? "");
  return signed.slice(0, signed.lastIndexOf("."));
}

/** The sessions row behind a cookie, if there is one. */
export async function sessionRowOf(bed: SpotifyTestBed, cookie: string | undefined) {
  const [row] = await bed.t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sessionRowId(sessionIdOf(cookie))));
  return row;
}

/** POST /api/spotify/playlists as the visitor behind `cookie` (none: not connected). */
export const createPlaylistAs = (bed: SpotifyTestBed, cookie: string | undefined, body: unknown) =>
  bed.request({
    method: "POST",
    url: "/api/spotify/playlists",
    headers: fromSite(withCookie(cookie)),
    payload: body as object,
  });

/** The URI the fake Spotify gives a song. */
export const fakeUriOf = (title: string, artist: string) =>
  `spotify:track:${fakeSpotifyId(`${title}|${artist}`)}`;
