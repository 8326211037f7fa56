// `npm run bench:insights` (issue 33): what counting costs. Two parts, in one run:
//   1. The built site (as `npm start` runs it) with counting on and with INSIGHTS=off, on one PGlite
//      folder, alternating ROUNDS (2) times each: throughput of a cached API read (/api/playlists)
//      and of a page (/playlists, counted as a page view when counting is on), autocannon with 50
//      connections for INSIGHTS_BENCH_SECONDS (8) each, every request from a browser User-Agent of
//      its own among 5,000 (so that it is counted, as 5,000 visitors). Best round of each; target:
//      counting on within 5 % of off.
//   2. Counted events per second sustained on PGlite (server/src/bench/insights-events.ts): target
//      ≥ 10,000, with every recorded event found in the database after the last flush.
// usage: node scripts/bench-insights.mjs   (BENCH_PORT, default 4170)
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";
import { newDataDir, removeDataDir, root, startSite } from "./bench-servers.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 4170);
const SECONDS = Number(process.env.INSIGHTS_BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.INSIGHTS_BENCH_ROUNDS ?? 2);
const TARGETS = { "cached API read": "/api/playlists", "page /playlists": "/playlists" };

let visitor = 0;
const browser = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitor++ % 5000}.0 Safari/537.36`;

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 50,
        duration: SECONDS,
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

const dataDir = newDataDir();
const best = {};
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const counting of ["on", "off"]) {
      const site = await startSite(PORT, dataDir, { INSIGHTS: counting === "on" ? "true" : "false" });
      try {
        for (const [label, path] of Object.entries(TARGETS)) {
          await load(site.url + path); // warm: caches filled, code hot
          const result = await load(site.url + path);
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          const perSecond = Math.round(result.requests.average);
          console.log(JSON.stringify({ round: round + 1, counting, [label]: `${perSecond}/s` }));
          const key = `${label}|${counting}`;
          best[key] = Math.max(best[key] ?? 0, perSecond);
        }
      } finally {
        await site.stop();
      }
    }
  }
} finally {
  removeDataDir(dataDir);
}
const rows = Object.keys(TARGETS).map((label) => {
  const on = best[`${label}|on`];
  const off = best[`${label}|off`];
  const change = ((on - off) / off) * 100;
  return {
    what: label,
    "counting off /s": off,
    "counting on /s": on,
    change: `${change.toFixed(1)} %`,
    "within 5 %": Math.abs(change) <= 5 || change > 0,
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
