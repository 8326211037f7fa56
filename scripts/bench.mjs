// `npm run bench`: cached catalogue reads of the real server against a bare node:http server that
// answers the same bytes, side by side in one run (ARCHITECTURE §7: ratio ≥ 0.8, p99 ≤ 10 ms at 50
// connections), with the configuration `npm start` ships (bench-servers.mjs). Each server runs in its
// own process; autocannon drives both from this one.
import autocannon from "autocannon";
import { startBare, startSite } from "./bench-servers.mjs";

const PATHS = ["/api/genres", "/api/playlists/featured"];
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const site = await startSite(4310);
const answers = {};
for (const path of PATHS) answers[path] = await (await fetch(site.url + path)).text();
const bare = await startBare(4311, answers);

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
  await site.stop();
  await bare.stop();
}
console.log(`\nSite: ${site.config}`);
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per run, budget: ratio ≥ 0.8, p99 ≤ 10 ms`);
console.table(rows);
