// `npm run bench:storm`: a storm of different podcast searches (100 connections, each request a
// search no other asked, so no cache answers it) against the server `npm start` runs (PGlite, or
// PostgreSQL with DATABASE_URL), alone and with cached catalogue reads running beside it. Budgets
// (issue "One server that never stalls"): no request over 2 s, storm p99 ≤ 250 ms, reads p99 ≤ 20 ms.
// Searches beyond the server's limit are answered 503 with Retry-After at once: counted, not errors.
import autocannon from "autocannon";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { SEARCH_WORDS } from "./bench-words.mjs";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const STORM_CONNECTIONS = 100;
const READ_CONNECTIONS = 10;
/** The site's port: BENCH_PORT, else 4320. */
const PORT = Number(process.env.BENCH_PORT ?? 4320);

let searches = 0;
/** A different search each time: a word and a running number (a cache never answers it). */
function nextSearch() {
  searches += 1;
  return `/api/podcasts?q=${encodeURIComponent(`${SEARCH_WORDS[searches % SEARCH_WORDS.length]}${searches % 7 === 0 ? "" : ` ${searches}`}`)}`;
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const storm = (site) =>
  run({
    url: site.url,
    connections: STORM_CONNECTIONS,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextSearch() }) }],
  });
const reads = (site) => run({ url: `${site.url}/api/genres`, connections: READ_CONNECTIONS });

function row(name, result) {
  const answered = result["2xx"];
  const shed = result.non2xx;
  return {
    run: name,
    "req/s": Math.round(result.requests.average),
    200: answered,
    "503 (shed)": shed,
    errors: result.errors + result.timeouts,
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "max ms": result.latency.max,
  };
}

const dataDir = newDataDir();
try {
  const site = await startSite(PORT, dataDir);
  try {
    await run({ url: `${site.url}/api/genres`, connections: 10, duration: 2 }); // warm up
    const alone = await storm(site);
    const [mixedStorm, mixedReads] = await Promise.all([storm(site), reads(site)]);
    console.log(`\nSite: ${site.config}`);
    console.log(
      `\nPodcast search storm: ${STORM_CONNECTIONS} connections of different searches, ${DURATION_S} s; ` +
        `with ${READ_CONNECTIONS} connections of cached /api/genres beside it. ` +
        "Budgets: max < 2000 ms, storm p99 ≤ 250 ms, reads p99 ≤ 20 ms",
    );
    console.table([
      row("storm alone", alone),
      row("storm, with reads", mixedStorm),
      row("cached reads, in the storm", mixedReads),
    ]);
  } finally {
    await site.stop();
  }
} finally {
  removeDataDir(dataDir);
}
