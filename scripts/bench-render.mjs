// `npm run bench:render`: the server's page rendering, uncached (issue 32). For the six pages
// Lighthouse measures, each request carries a query parameter of its own (`?render=<n>`), which no
// page reads, so the page cache never has it and every answer is a render (the catalogue's answers
// stay cached, as they are on a running site). Two figures per page:
//   - render time: one request at a time, RENDER_REQUESTS (200) of them, p50 and p99 in ms;
//   - throughput: autocannon with 50 connections for RENDER_SECONDS (10), pages per second.
// usage: node scripts/bench-render.mjs [<base-url>]
//   no base URL: starts the built site on BENCH_PORT (4330) with a fresh PGlite folder. A base
//   URL: an already running site (an older build in a git worktree, to compare in one sitting).
import autocannon from "autocannon";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { percentile } from "./percentile.mjs";

const PATHS = (process.env.RENDER_PATHS ?? "/,/genres,/playlists,/merchandise,/podcasts,/playlist/1").split(
  ",",
);
const REQUESTS = Number(process.env.RENDER_REQUESTS ?? 200);
const SECONDS = Number(process.env.RENDER_SECONDS ?? 10);
const CONNECTIONS = 50;

const givenBase = process.argv[2];
const dataDir = givenBase ? null : newDataDir();
const site = givenBase
  ? { url: givenBase.replace(/\/$/, ""), stop: async () => {} }
  : await startSite(Number(process.env.BENCH_PORT ?? 4330), dataDir);

let counter = 0;
/** `path` with a parameter no page reads, new on every call: never in the page cache. */
const uncached = (path) => `${path}${path.includes("?") ? "&" : "?"}render=${process.pid}-${counter++}`;

async function renderTimes(path) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(site.url + uncached(path));
    const html = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200 || !html.includes('id="page-state"'))
      throw new Error(`${path}: answered ${response.status} without a rendered page`);
  }
  return times.sort((a, b) => a - b);
}

function throughput(path) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: site.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: uncached(path) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const rows = [];
try {
  for (const path of PATHS) {
    // Warm: the catalogue cache holds the page's answers, the renderer's code is loaded.
    await renderTimes(path).then(() => undefined);
    const times = await renderTimes(path);
    const load = await throughput(path);
    const ok = load["2xx"];
    rows.push({
      page: path,
      "render p50 ms": percentile(times, 50).toFixed(1),
      "render p99 ms": percentile(times, 99).toFixed(1),
      "pages/s at 50": Math.round(ok / SECONDS),
      "non-2xx": load.non2xx,
      errors: load.errors + load.timeouts,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  console.table(rows);
} finally {
  await site.stop();
  if (dataDir) removeDataDir(dataDir);
}
