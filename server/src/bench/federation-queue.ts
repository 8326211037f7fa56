// `npm run bench:federation-store`: Fedify's message queue on the club's database (decision 0030).
// On PGlite (in its worker thread, as the server runs it) and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL (a scratch database created beside it, dropped after):
// - throughput: MESSAGES messages enqueued at once, handled by 1 listener and by 3 (on PostgreSQL,
//   3 connection pools, as 3 servers), each `concurrency` 4, with a handler that does nothing;
// - latency: messages enqueued one at a time, 20 ms apart, from enqueue to the handler (p50/p99);
// - on PostgreSQL, the drill: 3 server processes handle DRILL_MESSAGES, one is killed with SIGKILL
//   mid-way; every message must be handled, and the ones handled twice are counted.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { percentile } from "../../../scripts/percentile.mjs";
import type { DatabaseConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { DbMessageQueue } from "../modules/federation/index";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3000);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 300);
const DRILL_MESSAGES = Number(process.env.BENCH_DRILL_MESSAGES ?? 3000);
const CONCURRENCY = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error("timed out");
    await sleep(5);
  }
}

type Row = Record<string, string | number>;

async function throughput(engine: string, handles: DatabaseHandle[], listeners: number): Promise<Row> {
  const name = `bench-throughput-${listeners}`;
  const queues = handles.slice(0, listeners).map(
    (handle) =>
      new DbMessageQueue(handle.db, {
        name,
        concurrency: CONCURRENCY,
        ...(handle.url && { listenUrl: handle.url }),
      }),
  );
  const enqueuer = new DbMessageQueue((handles[0] as DatabaseHandle).db, { name });
  let handled = 0;
  const controller = new AbortController();
  const started = performance.now();
  await enqueuer.enqueueMany(Array.from({ length: MESSAGES }, (_, n) => ({ n, pad: "x".repeat(500) })));
  const enqueuedMs = performance.now() - started;
  const listening = queues.map((queue) =>
    queue.listen(
      () => {
        handled++;
      },
      { signal: controller.signal },
    ),
  );
  await until(() => handled >= MESSAGES, 600_000);
  const seconds = (performance.now() - started) / 1000;
  controller.abort();
  await Promise.all(listening);
  return {
    engine,
    measure: `${MESSAGES} messages, ${listeners} listener(s) × ${CONCURRENCY}`,
    "enqueueMany ms": Math.round(enqueuedMs),
    "messages/s": Math.round(MESSAGES / seconds),
    "p50 ms": "",
    "p99 ms": "",
  };
}

async function latency(engine: string, handles: DatabaseHandle[], listeners: number): Promise<Row> {
  const name = `bench-latency-${listeners}`;
  const latencies: number[] = [];
  const controller = new AbortController();
  const listening = handles.slice(0, listeners).map((handle) =>
    new DbMessageQueue(handle.db, {
      name,
      concurrency: CONCURRENCY,
      ...(handle.url && { listenUrl: handle.url }),
    }).listen(
      (message) => {
        latencies.push(performance.timeOrigin + performance.now() - (message as { sentAt: number }).sentAt);
      },
      { signal: controller.signal },
    ),
  );
  await sleep(500); // listening, asleep
  // From the last handle: on PostgreSQL, another server than the listeners' first.
  const enqueuer = new DbMessageQueue((handles[handles.length - 1] as DatabaseHandle).db, {
    name,
    ...(handles[0]?.url && { listenUrl: handles[0].url }),
  });
  for (let n = 0; n < LATENCY_SAMPLES; n++) {
    await enqueuer.enqueue({ n, sentAt: performance.timeOrigin + performance.now() });
    await sleep(20);
  }
  await until(() => latencies.length >= LATENCY_SAMPLES, 60_000);
  controller.abort();
  await Promise.all(listening);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    engine,
    measure: `enqueue → handler, ${LATENCY_SAMPLES} one at a time, ${listeners} listener(s)`,
    "enqueueMany ms": "",
    "messages/s": "",
    "p50 ms": percentile(sorted, 50).toFixed(1),
    "p99 ms": percentile(sorted, 99).toFixed(1),
  };
}

/** Three server processes on PostgreSQL; one killed with SIGKILL once a third is handled. */
async function drill(url: string, handle: DatabaseHandle): Promise<Row> {
  const folder = mkdtempSync(join(tmpdir(), "queue-drill-"));
  const name = "bench-drill";
  await new DbMessageQueue(handle.db, { name }).enqueueMany(
    Array.from({ length: DRILL_MESSAGES }, (_, n) => ({ n })),
  );
  const workers = [0, 1, 2].map((at) =>
    spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "federation-queue-worker.ts")], {
      env: { ...process.env, DRILL_URL: url, DRILL_QUEUE: name, DRILL_LOG: join(folder, `worker-${at}.log`) },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  const handledLines = () =>
    [0, 1, 2].flatMap((at) => {
      try {
        return readFileSync(join(folder, `worker-${at}.log`), "utf8")
          .split("\n")
          .filter(Boolean);
      } catch {
        return [];
      }
    });
  const started = performance.now();
  await until(() => handledLines().length >= DRILL_MESSAGES / 3, 300_000);
  workers[0]?.kill("SIGKILL");
  const killedAt = handledLines().length;
  await until(() => new Set(handledLines()).size >= DRILL_MESSAGES, 300_000);
  const seconds = (performance.now() - started) / 1000;
  await sleep(1000); // a second handling would come now
  for (const worker of workers.slice(1)) worker.kill("SIGTERM");
  const lines = handledLines();
  const unique = new Set(lines).size;
  rmSync(folder, { recursive: true, force: true });
  return {
    engine: "postgres",
    measure: `drill: ${DRILL_MESSAGES} messages, 3 processes, one SIGKILLed after ${killedAt}: handled ${unique}, twice ${lines.length - unique}`,
    "enqueueMany ms": "",
    "messages/s": Math.round(DRILL_MESSAGES / seconds),
    "p50 ms": "",
    "p99 ms": "",
  };
}

async function measureAll(engine: string, handles: DatabaseHandle[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const listeners of [1, 3]) {
    rows.push(await throughput(engine, handles, listeners));
    rows.push(await latency(engine, handles, listeners));
  }
  return rows;
}

const results: Row[] = [];
const pgliteConfig: DatabaseConfig = { kind: "pglite", dataDir: null };
const pglite = await openDatabase(pgliteConfig, { pgliteInWorker: true });
try {
  await migrateDatabase(pglite.db, pgliteConfig);
  // One process, one database: three listeners share it, as three `listen` calls of one server.
  results.push(...(await measureAll("pglite", [pglite, pglite, pglite])));
} finally {
  await pglite.close();
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const dbName = `waveform_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${dbName}`;
  const config: DatabaseConfig = { kind: "postgres", url: url.href };
  const handles = [await openDatabase(config), await openDatabase(config), await openDatabase(config)];
  try {
    await migrateDatabase((handles[0] as DatabaseHandle).db, config);
    results.push(...(await measureAll("postgres", handles)));
    results.push(await drill(url.href, handles[0] as DatabaseHandle));
  } finally {
    for (const handle of handles) await handle.close();
    await admin.query(`drop database ${dbName} with (force)`);
    await admin.end();
  }
} else console.error("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it");
console.table(results);
