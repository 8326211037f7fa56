// The drill's load: connections that each send one request after another (keep-alive, each from
// its own loopback source address, so each is a different visitor to the rate limits and HAProxy
// forwards its address), a mix of pages, API reads, podcast searches and newsletter subscriptions.
import http from "node:http";
import { SEARCH_WORDS } from "./bench-words.mjs";
import { request } from "./cluster-lib.mjs";
import { percentile } from "./percentile.mjs";

const PAGES = [
  "/",
  "/genres",
  "/playlists",
  "/podcasts",
  "/new-releases",
  "/playlist/1",
  "/playlist/2",
  "/merchandise",
];
const READS = [
  "/api/genres",
  "/api/playlists",
  "/api/playlists/featured",
  "/api/playlists/1",
  "/api/music/new-releases",
  "/api/podcasts",
];
/** Cumulative shares of each kind of request. */
const MIX = [
  ["page", 0.25],
  ["read", 0.82],
  ["search", 0.97],
  ["subscribe", 1],
];
/** Searches are mostly for what many visitors look for (answered from the cache), some new. */
const NEW_SEARCHES = 0.2;

let sequence = 0;
function nextRequest(run) {
  sequence += 1;
  const roll = Math.random();
  const kind = MIX.find(([, upTo]) => roll < upTo)[0];
  if (kind === "page") return { kind, path: PAGES[sequence % PAGES.length] };
  if (kind === "read") return { kind, path: READS[sequence % READS.length] };
  if (kind === "search") {
    const word = SEARCH_WORDS[sequence % SEARCH_WORDS.length];
    const query = Math.random() < NEW_SEARCHES ? `${word} ${sequence}` : word;
    return { kind, path: `/api/podcasts?q=${encodeURIComponent(query)}` };
  }
  const email = `drill-${run}-${sequence}@example.com`;
  return {
    kind,
    email,
    path: "/api/newsletter/subscribe",
    method: "POST",
    body: JSON.stringify({ email, agreeToTerms: true, sourcePage: "/" }),
  };
}

/**
 * Starts the load: `connections` loops for `seconds`. Each result: { t (ms from the start), kind,
 * path, status (0: no answer), json (a JSON answer), ms, error?, email? }.
 */
export function pageLoad({
  url,
  hostHeader,
  connections,
  seconds,
  thinkMs = Number(process.env.DRILL_THINK_MS ?? 20),
}) {
  const startedAt = Date.now();
  const endsAt = startedAt + seconds * 1000;
  const run = startedAt.toString(36);
  const results = [];
  const connection = async (index) => {
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: 1,
      localAddress: `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`,
    });
    while (Date.now() < endsAt) {
      const next = nextRequest(run);
      const sent = Date.now();
      try {
        const answer = await request(`${url}${next.path}`, {
          method: next.method,
          body: next.body,
          agent,
          headers: {
            host: hostHeader,
            // A subscription is a browser's POST from the site's own page: the server refuses a
            // POST that carries neither Origin nor Sec-Fetch-Site (plugins/security.ts).
            ...(next.body ? { "content-type": "application/json", origin: `http://${hostHeader}` } : {}),
            ...(next.kind === "page" ? { accept: "text/html" } : {}),
          },
        });
        results.push({
          t: sent - startedAt,
          kind: next.kind,
          path: next.path,
          email: next.email,
          status: answer.status,
          json: String(answer.headers["content-type"] ?? "").startsWith("application/json"),
          ms: Date.now() - sent,
        });
      } catch (error) {
        results.push({
          t: sent - startedAt,
          kind: next.kind,
          path: next.path,
          status: 0,
          ms: Date.now() - sent,
          error: error.message,
        });
      }
      if (thinkMs) await new Promise((resolve) => setTimeout(resolve, thinkMs));
    }
    agent.destroy();
  };
  const done = Promise.all(Array.from({ length: connections }, (_, index) => connection(index))).then(
    () => results,
  );
  return { startedAt, done };
}

/** Seconds after PostgreSQL is back within which the servers must have recovered (issue 17). */
const RECOVERY_S = 5;

/**
 * One row per window (and one for the whole run): a request fails when it got no answer, or a 5xx
 * other than the database outage's 503 (window "c" and the recovery after it: answered 503 JSON for
 * the API, a page for pages).
 */
export function summarise(results, windows) {
  const outage = windows.find((window) => window.id === "c");
  const expected503 = (result) =>
    result.status === 503 && outage && result.t >= outage.from && result.t < outage.to + RECOVERY_S * 1000;
  const row = (name, rows) => {
    const times = rows.map((result) => result.ms).sort((a, b) => a - b);
    const unavailable = rows.filter((result) => result.status === 503);
    const failed = rows.filter(
      (result) => result.status === 0 || (result.status >= 500 && !expected503(result)),
    );
    return {
      window: name,
      requests: rows.length,
      "2xx/3xx": rows.filter((result) => result.status >= 200 && result.status < 400).length,
      429: rows.filter((result) => result.status === 429).length,
      503: unavailable.length,
      "503 right type": unavailable.filter((result) => result.json === (result.kind !== "page")).length,
      failed: failed.length,
      "p50 ms": percentile(times, 50),
      "p99 ms": percentile(times, 99),
      "max ms": times.at(-1) ?? 0,
      "failed e.g.": failed[0] ? `${failed[0].status || failed[0].error} ${failed[0].path}`.slice(0, 60) : "",
    };
  };
  const rows = [row("whole run", results)];
  for (const window of windows) {
    const inside = results.filter((result) => result.t >= window.from && result.t < window.to);
    rows.push(row(`${window.id} ${Math.round(window.from)}–${Math.round(window.to)}`, inside));
  }
  return rows;
}
