// `npm run bench`: cached catalogue reads of the real server against a bare node:http server that
// answers the same bytes, side by side in one run (the budget: ratio ≥ 0.8, p99 ≤ 10 ms at 50
// connections), with the configuration `npm start` ships (bench-servers.mjs); then the server's start
// time on the data folder that run prepared (≤ 1.5 s on PGlite). Each server runs in its own process;
// autocannon drives both from this one. BENCH_ONLY=reads or BENCH_ONLY=start runs one part.
import { get } from "node:http";
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

/** Headers Node writes per answer itself: the bare server's own go out instead. */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** The site's answer to a GET as autocannon asks it (no Accept-Encoding): body and header pairs. */
function answerOf(url) {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const headers = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i];
          if (!PER_ANSWER.has(name.toLowerCase())) headers.push(name, response.rawHeaders[i + 1]);
        }
        resolve({ body: Buffer.concat(chunks).toString(), headers });
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
    answers[path] = { body: answer.body };
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
        bytes: Buffer.byteLength(answers[path].body),
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
  if (rows) {
    console.log(
      `\n${CONNECTIONS} connections, ${DURATION_S} s per run, budget: ratio ≥ 0.8 (the issue names a bare server answering the same bytes), p99 ≤ 10 ms`,
    );
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
