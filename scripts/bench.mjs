// `npm run bench`: cached catalogue reads of the real server against a bare node:http server that
// answers the same bytes, side by side in one run (ARCHITECTURE §7: ratio ≥ 0.8, p99 ≤ 10 ms at 50
// connections), with the configuration `npm start` ships (bench-servers.mjs); then the server's start
// time on the data folder that run prepared (≤ 1.5 s on PGlite). Each server runs in its own process;
// autocannon drives both from this one. BENCH_ONLY=reads or BENCH_ONLY=start runs one part.
import autocannon from "autocannon";
import { newDataDir, removeDataDir, startBare, startSite, timeStarts } from "./bench-servers.mjs";

const PATHS = ["/api/genres", "/api/playlists/featured"];
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const START_RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY;
/** The site's port (BENCH_PORT, else 4310); the bare server's is the next one. */
const SITE_PORT = Number(process.env.BENCH_PORT ?? 4310);

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Cached reads, site against bare, on a started site; the rows of the table. */
async function benchReads(site) {
  const answers = {};
  for (const path of PATHS) answers[path] = await (await fetch(site.url + path)).text();
  const bare = await startBare(SITE_PORT + 1, answers);
  const rows = [];
  try {
    for (const path of PATHS) {
      // Warm both (caches, JIT), then measure each in turn.
      await run(site.url + path).then(() => run(bare.url + path));
      const ours = await run(site.url + path);
      const base = await run(bare.url + path);
      if (ours.non2xx > 0 || ours.errors > 0)
        throw new Error(`${path}: ${ours.non2xx} non-2xx, ${ours.errors} errors`);
      rows.push({
        path,
        bytes: Buffer.byteLength(answers[path]),
        "site req/s": Math.round(ours.requests.average),
        "site p99 ms": ours.latency.p99,
        "bare req/s": Math.round(base.requests.average),
        "bare p99 ms": base.latency.p99,
        ratio: Number((ours.requests.average / base.requests.average).toFixed(2)),
      });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = newDataDir();
try {
  // The first start creates, migrates and seeds the folder the start times then reuse.
  const site = await startSite(SITE_PORT, dataDir);
  let rows = null;
  try {
    if (ONLY !== "start") rows = await benchReads(site);
  } finally {
    await site.stop();
  }
  const starts = ONLY === "reads" ? null : await timeStarts(SITE_PORT, dataDir, START_RUNS);

  console.log(`\nSite: ${site.config}`);
  if (rows) {
    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per run, budget: ratio ≥ 0.8, p99 ≤ 10 ms`);
    console.table(rows);
  }
  if (starts) {
    console.log(
      `\nStart on the existing data folder (spawn to the first 200 from /api/health, asked every 20 ms), ` +
        `${START_RUNS} runs: median ${median(starts)} ms (${starts.join(", ")} ms); budget ≤ 1500 ms`,
    );
  }
} finally {
  removeDataDir(dataDir);
}
