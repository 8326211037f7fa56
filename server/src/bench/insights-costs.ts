// What counting costs, in-process (issue 33: pages with counting on within 5 % of counting off).
// 1. The hot path: the server's recorder counting server-rendered page views (`pageView`, as
//    client-app.ts calls it) of 5,000 browsers on 8 paths, µs per view, nothing flushed meanwhile.
// 2. The flush: ROUNDS flushes, each of the page views of 10,000 visitors new that day (one path
//    each), into a migrated PGlite in a worker thread as the server runs it; ms per flush (the
//    database's rows that took are printed too). Usage (server folder):
//    node --import tsx src/bench/insights-costs.ts   (INSIGHTS_COSTS_VIEWS, INSIGHTS_COSTS_ROUNDS)
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { BENCH_PATHS, withBenchRecorder } from "./insights-bench-recorder";

const VIEWS = Number(process.env.INSIGHTS_COSTS_VIEWS ?? 2_000_000);
const ROUNDS = Number(process.env.INSIGHTS_COSTS_ROUNDS ?? 6);
const NEW_VISITORS = 10_000;

const browser = (n: number) => ({
  ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  headers: {
    "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`,
    accept: "text/html",
  },
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

await withBenchRecorder("insights-costs-", async (recorder, db) => {
  // 1. The hot path (5,000 browsers, made before the clock starts, as requests arrive made).
  const browsers = Array.from({ length: 5_000 }, (_, n) => browser(n));
  const paths = BENCH_PATHS.map((path, n) => `${path}${n % 2 ? "" : "?from=bench"}`);
  const visitOf = (i: number) => browsers[i % browsers.length] ?? browser(i);
  const warm = Math.min(VIEWS, 200_000);
  for (let i = 0; i < warm; i++) recorder.pageView(visitOf(i), paths[i & 7] ?? "/");
  await recorder.flush();
  const started = performance.now();
  for (let i = 0; i < VIEWS; i++) recorder.pageView(visitOf(i), paths[(i >> 3) & 7] ?? "/");
  const hotMs = performance.now() - started;
  await recorder.flush();

  // 2. The flush of 10,000 new visitors' page views, ROUNDS times (the day's table grows).
  const flushMs: number[] = [];
  let rows = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (let n = 0; n < NEW_VISITORS; n++)
      recorder.pageView(browser(100_000 + round * NEW_VISITORS + n), "/playlists");
    const before = recorder.buffer.size;
    const t = performance.now();
    await recorder.flush();
    flushMs.push(performance.now() - t);
    rows = before - 1; // one count row (the path's page views), the rest visitor rows
  }
  const [stored] = (
    (await db.execute(sql`select count(*)::int as n from insight_visitors`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  console.log(
    JSON.stringify({
      node: process.version,
      "page views": VIEWS,
      "µs per page view": Number(((hotMs * 1000) / VIEWS).toFixed(3)),
      "visitor rows per flush": rows,
      "flush ms (each round)": flushMs.map((ms) => Math.round(ms)),
      "flush ms median": Math.round(median(flushMs)),
      "flush ms per 10,000 rows (median)": Math.round((median(flushMs) * 10_000) / rows),
      "visitor rows stored": stored?.n,
    }),
  );
});
