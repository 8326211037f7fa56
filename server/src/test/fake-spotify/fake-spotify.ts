import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { authorize, type FakeAnswer, token } from "./fake-accounts";
import {
  createFakeState,
  type FakeFailure,
  type FakeSettings,
  type FakeState,
  resetFakeState,
} from "./fake-state";
import { apiError, webApi } from "./fake-web-api";

export const FAKE_CLIENT_ID = "fake-spotify-client";

export interface FakeSpotifyOptions {
  /** 0 (default): any free port. */
  port?: number;
  clientId?: string;
  /** Set to require HTTP Basic client authentication at the token endpoint. */
  clientSecret?: string | null;
}

/** What POST /__control accepts (the browser tests' switches); every key is optional. */
export interface FakeControl {
  reset?: boolean;
  consent?: FakeSettings["consent"];
  delayMs?: number;
  tokenLifetimeSeconds?: number;
  failNext?: {
    status: FakeFailure["status"];
    count?: number;
    retryAfter?: number;
    on?: FakeFailure["on"];
    skip?: number;
  };
  revokeRefreshTokens?: boolean;
  expireAccessTokens?: boolean;
  /** Takes these songs (tracks and albums by title and artist) out of the catalogue: "not found". */
  notFound?: { title: string; artist: string }[];
}

/** Applies control switches to the state; the HTTP control endpoint and tests share it. */
export function applyControl(state: FakeState, control: FakeControl): void {
  if (control.reset) resetFakeState(state);
  if (control.consent) state.settings.consent = control.consent;
  if (control.delayMs !== undefined) state.settings.delayMs = control.delayMs;
  if (control.tokenLifetimeSeconds !== undefined)
    state.settings.tokenLifetimeSeconds = control.tokenLifetimeSeconds;
  if (control.failNext) {
    const { status, count = 1, retryAfter, on = "api", skip = 0 } = control.failNext;
    state.failures.push({
      status,
      remaining: count,
      on,
      skip,
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
  }
  if (control.revokeRefreshTokens) state.refreshTokens.clear();
  if (control.expireAccessTokens) {
    for (const grant of state.accessTokens.values()) grant.expiresAt = 0;
  }
  if (control.notFound) {
    const gone = new Set(control.notFound.map((item) => `${item.title}|${item.artist}`.toLowerCase()));
    // A catalogue name may carry a suffix the fake added: compare the name without it.
    const keep = (item: { name: string; artist: string }, title: string) =>
      !gone.has(`${title}|${item.artist}`.toLowerCase());
    state.tracks = state.tracks.filter((track) => keep(track, baseName(track.name)));
    state.albums = state.albums.filter((album) => keep(album, baseName(album.name)));
  }
}

/** A catalogue name without the suffixes the fake adds (" - 2011 Remaster", " (Deluxe Edition)"). */
const baseName = (name: string) => name.replace(/ - 2011 Remaster$| \(Deluxe Edition\)$/, "");

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) request.destroy(new Error("body too large"));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, answer: FakeAnswer): void {
  if (response.destroyed) return;
  const text = typeof answer.body === "string";
  response.writeHead(answer.status, {
    ...(answer.body === undefined ? {} : { "content-type": text ? "text/plain" : "application/json" }),
    ...answer.headers,
  });
  response.end(answer.body === undefined ? undefined : text ? answer.body : JSON.stringify(answer.body));
}

/**
 * A fake Spotify (accounts service and Web API) on loopback, for tests only: product code never
 * imports it. Accounts: GET /authorize, POST /api/token. Web API under /v1. Switches: POST /__control.
 */
export async function startFakeSpotify(options: FakeSpotifyOptions = {}) {
  const state = createFakeState(options.clientId ?? FAKE_CLIENT_ID, options.clientSecret ?? null);
  const timers = new Set<NodeJS.Timeout>();
  let apiUrl = "";
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function route(request: IncomingMessage): Promise<FakeAnswer> {
    const url = new URL(request.url ?? "/", "http://fake.invalid");
    const raw = request.method === "POST" ? await readBody(request) : "";
    const isJson = (request.headers["content-type"] ?? "").includes("application/json");
    const json = () => (raw && isJson ? JSON.parse(raw) : undefined);
    if (url.pathname === "/__health") return { status: 200, body: { status: "ok" } };
    if (url.pathname === "/__control" && request.method === "POST") applyControl(state, json() ?? {});
    if (url.pathname === "/__control") {
      const { settings, failures, user } = state;
      return { status: 200, body: { settings, failures, user, playlists: [...state.playlists.values()] } };
    }
    if (request.method === "GET" && url.pathname === "/authorize") return authorize(state, url.searchParams);
    const isToken = request.method === "POST" && url.pathname === "/api/token";
    const isApi = url.pathname.startsWith("/v1/");
    if (!isToken && !isApi) return apiError(404, "Service not found");
    state.requests.push({
      method: request.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
    if (state.settings.delayMs > 0) await pause(state.settings.delayMs);
    if (isToken) return token(state, request.headers.authorization, new URLSearchParams(raw));
    return webApi(state, apiUrl, {
      method: request.method ?? "GET",
      path: url.pathname.slice(3),
      query: url.searchParams,
      authorization: request.headers.authorization,
      body: json(),
    });
  }

  const server = createServer((request, response) => {
    route(request).then(
      (answer) => send(response, answer),
      () => send(response, apiError(400, "Malformed request")),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiUrl = `${url}/v1`;

  return {
    url,
    accountsUrl: url,
    apiUrl,
    clientId: state.clientId,
    state,
    control: (control: FakeControl) => applyControl(state, control),
    /** The environment that points the site at this fake. */
    env: (): Record<string, string> => ({
      SPOTIFY_CLIENT_ID: state.clientId,
      ...(state.clientSecret ? { SPOTIFY_CLIENT_SECRET: state.clientSecret } : {}),
      SPOTIFY_ACCOUNTS_URL: url,
      SPOTIFY_API_URL: apiUrl,
    }),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeSpotify = Awaited<ReturnType<typeof startFakeSpotify>>;
