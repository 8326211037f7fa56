// `npm run bench:insights` (issue 33): what counting costs. Two parts, in one run:
//   1. The built site (as `npm start` runs it) with counting on and with INSIGHTS=off, on one PGlite
//      folder, in ROUNDS (5) rounds; each round starts both, one after the other (which goes first
//      alternates, so a drift of the machine favours neither), and loads each with autocannon at 50
//      connections for INSIGHTS_BENCH_SECONDS (8) after a warm-up of INSIGHTS_BENCH_WARM_SECONDS (3):
//      a cached API read (/api/playlists) and a page (/playlists, counted as a page view when
//      counting is on), every request from a browser User-Agent of its own among 5,000 (so that it
//      is counted, as 5,000 visitors). Per round and target: the change of throughput on vs off, and
//      the server's CPU time per request (its process, the PGlite worker included, from /proc). The
//      verdict is the MEDIAN change over the rounds (target: within 5 %): on this shared 2-core
//      machine a single 8 s load varies by ±5–8 % from one start to the next, more than counting costs.
//   2. Counted events per second sustained on PGlite (server/src/bench/insights-events.ts): target
//      ≥ 10,000, with every recorded event found in the database after the last flush.
// usage: node scripts/bench-insights.mjs   (BENCH_PORT, default 4170)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { newDataDir, removeDataDir, root, startSite } from "./bench-servers.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 4170);
const SECONDS = Number(process.env.INSIGHTS_BENCH_SECONDS ?? 8);
const WARM_SECONDS = Number(process.env.INSIGHTS_BENCH_WARM_SECONDS ?? 3);
const ROUNDS = Number(process.env.INSIGHTS_BENCH_ROUNDS ?? 5);
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;
const TARGETS = { "cached API read": "/api/playlists", "page /playlists": "/playlists" };

let visitor = 0;
const browser = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitor++ % 5000}.0 Safari/537.36`;

/** CPU milliseconds a process has used (user + system), from /proc/<pid>/stat. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function load(url, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 50,
        duration: seconds,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, "user-agent": browser(), "accept-encoding": "gzip" },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** One site's figures for each target: requests per second and CPU µs per request. */
async function measure(counting) {
  const site = await startSite(PORT, dataDir, { INSIGHTS: counting === "on" ? "true" : "false" });
  const figures = {};
  try {
    for (const [label, path] of Object.entries(TARGETS)) {
      await load(site.url + path, WARM_SECONDS); // warm: caches filled, code hot
      const cpuBefore = cpuMs(site.pid);
      const result = await load(site.url + path);
      const cpu = cpuMs(site.pid) - cpuBefore;
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      figures[label] = {
        perSecond: Math.round(result.requests.average),
        cpuMicrosPerRequest: Math.round((cpu * 1000) / Math.max(1, result.requests.total)),
      };
    }
  } finally {
    await site.stop();
  }
  return figures;
}

const dataDir = newDataDir();
const rounds = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
    const figures = {};
    for (const counting of order) figures[counting] = await measure(counting);
    rounds.push(figures);
    for (const label of Object.keys(TARGETS)) {
      const { on, off } = { on: figures.on[label], off: figures.off[label] };
      console.log(
        JSON.stringify({
          round: round + 1,
          target: label,
          "off /s": off.perSecond,
          "on /s": on.perSecond,
          change: `${(((on.perSecond - off.perSecond) / off.perSecond) * 100).toFixed(1)} %`,
          "CPU µs/request off → on": `${off.cpuMicrosPerRequest} → ${on.cpuMicrosPerRequest}`,
        }),
      );
    }
  }
} finally {
  removeDataDir(dataDir);
}
const rows = Object.keys(TARGETS).map((label) => {
  const changes = rounds.map(
    (r) => ((r.on[label].perSecond - r.off[label].perSecond) / r.off[label].perSecond) * 100,
  );
  const change = median(changes);
  return {
    what: label,
    "counting off /s (median)": median(rounds.map((r) => r.off[label].perSecond)),
    "counting on /s (median)": median(rounds.map((r) => r.on[label].perSecond)),
    "change (median of rounds)": `${change.toFixed(1)} %`,
    "rounds' changes": changes.map((c) => c.toFixed(1)).join(" "),
    "CPU µs/req off → on (median)": `${median(rounds.map((r) => r.off[label].cpuMicrosPerRequest))} → ${median(rounds.map((r) => r.on[label].cpuMicrosPerRequest))}`,
    "within 5 %": change >= -5,
  };
});
console.table(rows);

const events = spawnSync(
  process.execPath,
  ["--import", "tsx", join(root, "server/src/bench/insights-events.ts")],
  {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const line = events.stdout.trim().split("\n").at(-1) ?? "{}";
const figures = JSON.parse(line);
console.log("Counted events on PGlite:", figures);
const eventsOk = events.status === 0 && figures["counted events/s"] >= 10_000;
if (!eventsOk || rows.some((row) => !row["within 5 %"])) process.exitCode = 1;
