// `npm run bench:search` (second part): 50 connections of varied site searches against the built
// server started exactly as `npm start` runs it (bench-servers.mjs), on its seeded PGlite folder
// (or DATABASE_URL when the environment or .env sets one). Issue 15's target: p99 ≤ 50 ms, no error.
//
// The search route is limited to 600 requests a minute per address, as shipped. Each connection
// sends from its own loopback source address (every 127/8 address reaches a server on Linux), so
// each is one visitor; a connection that has sent LIMIT_PER_ADDRESS requests closes and opens again
// from a fresh address, so the load stays closed-loop (the next request as soon as the answer
// arrives) without any visitor going over the limit. Any answer but 200 counts as an error.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { newDataDir, removeDataDir, startSite } from "./bench-servers.mjs";
import { percentile } from "./percentile.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 4312);
/** Under the route's 600 a minute, whatever the run's length. */
const LIMIT_PER_ADDRESS = 550;

/** What visitors type: names from the seed, as typed letter by letter, with typos and several words. */
const TERMS = [
  "heartbeats",
  "kendrick lamar",
  "jose gonzalez",
  "beyonce",
  "electronic",
  "daft punk",
  "debussy",
  "hip hop",
  "green room",
  "midnight owls tour hoodie",
  "luna vale",
  "late night",
  "jazz",
  "charts",
  "lofi",
];
const TYPOS = [
  "daft pnuk",
  "kendrik lamar",
  "debusy",
  "beyonse",
  "jose gonzales",
  "electornic",
  "r and b",
  "rnb",
];

function queries() {
  const all = [...TYPOS];
  for (const term of TERMS) for (let end = 1; end <= term.length; end++) all.push(term.slice(0, end).trim());
  return all.filter((q) => q.length > 0);
}

/** One GET through `agent`; resolves with the status once the whole answer has arrived. */
function get(url, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { accept: "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error("timed out after 10 s")));
    req.on("error", reject);
  });
}

let nextAddress = 0;
/** 127.0.x.y, a new one each time (x from 1, y 1–250): up to 63,750 visitors. */
function freshAddress() {
  const n = nextAddress++;
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

async function load(baseUrl) {
  const list = queries();
  const times = [];
  /** The searches nobody asked before (the cache cannot answer them): the database's share. */
  const freshTimes = [];
  const failures = new Map();
  /** Answers over 100 ms: when (ms from the start) and for what, to tell a stall from slow queries. */
  const slow = [];
  let sequence = 0;
  const startedAt = performance.now();
  const endsAt = startedAt + DURATION_S * 1000;
  const connection = async (index) => {
    let cursor = index * 7;
    while (performance.now() < endsAt) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: freshAddress() });
      for (let sent = 0; sent < LIMIT_PER_ADDRESS && performance.now() < endsAt; sent++) {
        cursor = (cursor + 1) % list.length;
        sequence++;
        // One search in five is one nobody asked before (not in the cache): the typed term and a number.
        const fresh = sequence % 5 === 0;
        const q = fresh ? `${list[cursor]} ${sequence}` : list[cursor];
        const started = performance.now();
        let outcome;
        try {
          outcome = await get(`${baseUrl}/api/search?q=${encodeURIComponent(q)}`, agent);
        } catch (error) {
          outcome = error.message;
        }
        const ms = performance.now() - started;
        times.push(ms);
        if (fresh) freshTimes.push(ms);
        if (ms > 100) slow.push({ at: Math.round(started - startedAt), ms: Math.round(ms), q });
        if (outcome !== 200) failures.set(String(outcome), (failures.get(String(outcome)) ?? 0) + 1);
      }
      agent.destroy();
    }
  };
  const started = startedAt;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  freshTimes.sort((a, b) => a - b);
  return {
    requests: times.length,
    "req/s": Math.round(times.length / seconds),
    "p50 ms": +percentile(times, 50).toFixed(1),
    "p99 ms": +percentile(times, 99).toFixed(1),
    "max ms": +(times.at(-1) ?? 0).toFixed(1),
    "new p50 ms": +percentile(freshTimes, 50).toFixed(1),
    "new p99 ms": +percentile(freshTimes, 99).toFixed(1),
    errors: [...failures.values()].reduce((sum, n) => sum + n, 0),
    visitors: nextAddress,
    failures,
    slow,
  };
}

// BENCH_SEARCH_URL: a server already running (e.g. started with `node --cpu-prof` to profile it);
// otherwise the built site is started here on a fresh folder.
const external = process.env.BENCH_SEARCH_URL;
const dataDir = external ? null : newDataDir();
let site = null;
try {
  site = external ? { url: external, stop: async () => {} } : await startSite(PORT, dataDir);
  // Warm up (JIT, the first statements), then measure.
  for (const q of ["h", "he", "hea", "jazz", "daft pnuk"])
    await (await fetch(`${site.url}/api/search?q=${q}`)).text();
  const { failures, slow, ...row } = await load(site.url);
  console.table([{ connections: CONNECTIONS, seconds: DURATION_S, ...row }]);
  for (const [what, n] of failures) console.log(`  ${n} × ${what}`);
  // Slow answers by the second they were sent in: one second holding them all is a stall.
  const bySecond = new Map();
  for (const { at } of slow)
    bySecond.set(Math.floor(at / 1000), (bySecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  if (slow.length > 0)
    console.log(
      `answers over 100 ms: ${slow.length}, sent in second ${[...bySecond].map(([s, n]) => `${s}: ${n}`).join(", ")}; ` +
        `slowest: ${slow
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5)
          .map((x) => `${JSON.stringify(x.q)} ${x.ms} ms at ${x.at} ms`)
          .join("; ")}`,
    );
  const ok = row["p99 ms"] <= 50 && row.errors === 0;
  console.log(
    `50-connection search load: p99 ${row["p99 ms"]} ms (target ≤ 50), ${row.errors} errors (target 0): ${ok ? "met" : "NOT met"}`,
  );
} finally {
  await site?.stop();
  if (dataDir) removeDataDir(dataDir);
}
