// `npm run bench`: cached catalogue reads and cached pages of the real server, asked as a browser
// asks (its Accept-Encoding and User-Agent), against a bare node:http server that answers the same
// bytes, side by side in one run (budget: ratio ≥ 0.8 at 50 connections; p99 ≤ 10 ms for the API's
// reads), with the configuration `npm start` ships (bench-servers.mjs); then the server's start time
// on the data folder that run prepared (≤ 1.5 s on PGlite). Each server runs in its own process;
// autocannon drives both from this one. BENCH_ONLY=reads or BENCH_ONLY=start runs one part. A missed
// budget is reported and the bench exits 1.
import { get } from "node:http";
import autocannon from "autocannon";
import { newDataDir, removeDataDir, startBare, startSite, timeStarts } from "./bench-servers.mjs";

const PATHS = ["/api/genres", "/api/playlists/featured", "/", "/playlists", "/playlist/1", "/podcasts"];
/** What Chromium sends with a page or fetch: every figure here is what a browser's request costs. */
const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br, zstd",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0.0.0 Safari/537.36",
};
const BUDGET = { ratio: 0.8, apiP99Ms: 10 };
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const START_RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY;
/** The site's port (BENCH_PORT, else 4310); the bare server's is the next one. */
const SITE_PORT = Number(process.env.BENCH_PORT ?? 4310);

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, headers: BROWSER_HEADERS },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Headers Node writes per answer itself: the bare server's own go out instead. */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** The site's answer to a GET as a browser asks it: its bytes (base64: they may be compressed) and header pairs. */
function answerOf(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: BROWSER_HEADERS }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const headers = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i];
          if (!PER_ANSWER.has(name.toLowerCase())) headers.push(name, response.rawHeaders[i + 1]);
        }
        resolve({ base64: Buffer.concat(chunks).toString("base64"), headers });
      });
    }).on("error", reject);
  });
}

/**
 * Cached reads, site against bare, on a started site; the rows of the table. Two yardsticks: the
 * bare server sending the same body with only Content-Type and Content-Length, and the bare server
 * sending the very bytes the site sends (its headers too: security headers, ETag, Cache-Control).
 */
async function benchReads(site) {
  const answers = {};
  for (const path of PATHS) {
    const answer = await answerOf(site.url + path);
    // The body-only yardstick sends the same (possibly compressed) bytes with its Content-Type alone.
    const type =
      answer.headers[answer.headers.findIndex((name) => name.toLowerCase() === "content-type") + 1];
    answers[path] = { base64: answer.base64, headers: ["content-type", type] };
    answers[`/same-bytes${path}`] = answer;
  }
  const bare = await startBare(SITE_PORT + 1, answers);
  const rows = [];
  try {
    for (const path of PATHS) {
      // Warm all three (caches, JIT), then measure each in turn.
      const urls = [site.url + path, bare.url + path, `${bare.url}/same-bytes${path}`];
      for (const url of urls) await run(url);
      const results = [];
      for (const url of urls) results.push(await run(url));
      const [ours, base, sameBytes] = results;
      if (ours.non2xx > 0 || ours.errors > 0)
        throw new Error(`${path}: ${ours.non2xx} non-2xx, ${ours.errors} errors`);
      rows.push({
        path,
        bytes: Buffer.from(answers[path].base64, "base64").length,
        "site req/s": Math.round(ours.requests.average),
        "site p99 ms": ours.latency.p99,
        "bare, same bytes req/s": Math.round(sameBytes.requests.average),
        "bare, same bytes p99 ms": sameBytes.latency.p99,
        "ratio (same bytes)": Number((ours.requests.average / sameBytes.requests.average).toFixed(2)),
        "bare, body only req/s": Math.round(base.requests.average),
        "ratio (body only)": Number((ours.requests.average / base.requests.average).toFixed(2)),
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
  const missed = [];
  if (rows) {
    console.log(
      `\n${CONNECTIONS} connections, ${DURATION_S} s per run, asked as a browser asks (Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}); ` +
        `budget: ratio (same bytes) ≥ ${BUDGET.ratio}, p99 ≤ ${BUDGET.apiP99Ms} ms for /api reads`,
    );
    console.table(rows);
    for (const row of rows) {
      if (row["ratio (same bytes)"] < BUDGET.ratio)
        missed.push(`${row.path}: ratio ${row["ratio (same bytes)"]}`);
      if (row.path.startsWith("/api/") && row["site p99 ms"] > BUDGET.apiP99Ms)
        missed.push(`${row.path}: p99 ${row["site p99 ms"]} ms`);
    }
  }
  if (starts) {
    console.log(
      `\nStart on the existing data folder (spawn to the first 200 from /api/health, asked every 20 ms), ` +
        `${START_RUNS} runs: median ${median(starts)} ms (${starts.join(", ")} ms); budget ≤ 1500 ms`,
    );
    if (median(starts) > 1500) missed.push(`start: median ${median(starts)} ms`);
  }
  if (missed.length > 0) {
    console.error(`\nBudget missed: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  removeDataDir(dataDir);
}
