// `node scripts/measure-start.mjs [runs]`: how long the built site takes to serve on an existing
// PGlite folder (issue 19, "A fast start": within 1.5 s). Each run spawns the production start,
// `node server/dist/server.js`, and times it until /api/health answers 200 (asked every 20 ms);
// then `node scripts/start.mjs` (`npm start`) the same way when nothing changed since the last
// build, which adds the check of what to rebuild. The folder is made (migrated and seeded) by a
// first start that is not counted, and removed at the end. PORT: MEASURE_PORT, else 4330.
// Then the idle server's resident memory: started once more, left alone for IDLE_SECONDS (10), its
// VmRSS read from /proc (its PGlite thread included: one process). Run it on an idle machine after
// `npm run build`; `uptime` is printed beside the figures. BENCH_NODE: the Node.js that runs the
// server (bench-servers.mjs), to compare runtimes on one build.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { newDataDir, removeDataDir, root, startSite, timeStarts } from "./bench-servers.mjs";

const RUNS = Number(process.argv[2] ?? 5);
const PORT = Number(process.env.MEASURE_PORT ?? 4330);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

function report(name, times) {
  console.log(`${name}: ${times.join(", ")} ms (median ${median(times)} ms, load ${load()})`);
}

const dataDir = newDataDir();
try {
  const first = await startSite(PORT, dataDir); // creates, migrates and seeds the folder
  await first.stop();
  console.log(`\nStart until /api/health answers 200, ${RUNS} runs each, on an existing PGlite folder:`);
  report("node server/dist/server.js", await timeStarts(PORT, dataDir, RUNS));
  report(
    "node scripts/start.mjs (npm start, nothing to build)",
    await timeStarts(PORT, dataDir, RUNS, join(root, "scripts", "start.mjs")),
  );
  const idle = await startSite(PORT, dataDir);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${idle.pid}/status`, "utf8"))?.[1]);
  await idle.stop();
  console.log(
    `Idle resident memory ${IDLE_SECONDS} s after the start: ${(kb / 1024).toFixed(1)} MB (load ${load()})`,
  );
} finally {
  removeDataDir(dataDir);
}
