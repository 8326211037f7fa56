// Part of `npm run bench:insights`: counted events per second sustained on PGlite (issue 33). The
// server's own recorder (modules/insights) on a migrated PGlite database in a fresh folder, as the
// server runs it (in a worker thread): for INSIGHTS_EVENTS_SECONDS (10) beacons of 20 events (page
// views of 8 paths, plays, searches that found nothing, ad impressions) from 5,000 visitors are
// recorded as fast as the loop allows while the flush timer (INSIGHTS_FLUSH_MS, 1,000) writes them;
// then a last flush, and the stored counts are checked to equal what was recorded (ad impressions,
// once per visitor since issue 43, are visitor rows, not counts). Prints JSON.
import { performance } from "node:perf_hooks";
import type { InsightEvent } from "@waveform/contracts/insights";
import { sql } from "drizzle-orm";
import { BENCH_PATHS, withBenchRecorder } from "./insights-bench-recorder";

const SECONDS = Number(process.env.INSIGHTS_EVENTS_SECONDS ?? 10);
const FLUSH_MS = Number(process.env.INSIGHTS_FLUSH_MS ?? 1000);

await withBenchRecorder("insights-bench-", async (recorder, db) => {
  const batch = (i: number): InsightEvent[] =>
    Array.from({ length: 20 }, (_, n): InsightEvent => {
      const k = (i + n) % 10;
      if (k < 6) return { kind: "pageview", path: BENCH_PATHS[(i + n) % BENCH_PATHS.length] ?? "/" };
      if (k < 8)
        return { kind: "play", episodeId: 1 + ((i + n) % 50), stage: k === 6 ? "start" : "listened30" };
      if (k === 8) return { kind: "search-empty", term: `term ${(i + n) % 200}` };
      return { kind: "ad-impression", adId: 1 + ((i + n) % 3) };
    });
  let events = 0;
  let flushes = 0;
  let flushMsTotal = 0;
  let flushMsMax = 0;
  const timer = setInterval(async () => {
    const started = performance.now();
    await recorder.flush();
    const took = performance.now() - started;
    flushes++;
    flushMsTotal += took;
    flushMsMax = Math.max(flushMsMax, took);
  }, FLUSH_MS);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let i = 0;
  while (performance.now() < until) {
    // 100 beacons, then the loop lets the flush (and anything else) run, as a server's would.
    for (let b = 0; b < 100; b++, i++) {
      const visitor = i % 5000;
      recorder.events(
        {
          ip: `10.${(visitor >> 8) & 255}.${visitor & 255}.1`,
          headers: {
            "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.${visitor} Safari/537.36`,
          },
        },
        batch(i),
      );
      // Two of the 20 are ad impressions: visitor rows since issue 43, not counts.
      events += 18;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  clearInterval(timer);
  await recorder.flush();
  const elapsed = (performance.now() - started) / 1000;
  const result = await db.execute(sql`select coalesce(sum(count), 0)::int as n from insight_counts`);
  const stored = (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  console.log(
    JSON.stringify({
      "events recorded": events,
      "events stored": stored,
      seconds: Number(elapsed.toFixed(2)),
      "counted events/s": Math.round(stored / elapsed),
      flushes,
      "flush ms mean": Number((flushMsTotal / Math.max(1, flushes)).toFixed(1)),
      "flush ms max": Number(flushMsMax.toFixed(1)),
    }),
  );
  if (stored !== events) {
    console.error(`stored ${stored} counts of ${events} events`);
    process.exitCode = 1;
  }
});
