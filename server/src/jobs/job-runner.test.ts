import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { createJobRunner, type Job, type JobRunner } from "./job-runner";

const log = {
  warn: () => {},
  debug: () => {},
  info: () => {},
  error: () => {},
} as unknown as FastifyBaseLogger;

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("still waiting");
    await sleep(20);
  }
}

describe(`job runner on ${testEngine}`, () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two servers: on PostgreSQL each with its own pool, on PGlite sharing the handle.
    second = database.config.kind === "postgres" ? await openDatabase(database.config) : database;
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    if (second !== database) await second?.close();
    await database?.close();
  });

  /** A runner for each of the two servers, with the same jobs (as every server has). */
  const pair = (jobs: Job[]) => {
    const made = [database, second].map((handle, n) =>
      createJobRunner({ db: handle.db, log, jobs, holder: `server-${n}` }),
    );
    runners.push(...made);
    return made as [JobRunner, JobRunner];
  };

  it("runs a job on one server at a time, however often both ask", async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const job: Job = {
      name: "exclusive",
      everyMs: 0,
      leaseMs: 10_000,
      run: async () => {
        active++;
        most = Math.max(most, active);
        runs++;
        await sleep(40);
        active--;
      },
    };
    const [a, b] = pair([job]);
    let reported = 0;
    for (let round = 0; round < 5; round++) {
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      // At least one runs each round; both may, one after the other, when the second asks only once
      // the first has released the lease (a busy machine). Never both at once: \`most\` below.
      expect([...ranA, ...ranB].length).toBeGreaterThanOrEqual(1);
      reported += ranA.length + ranB.length;
    }
    expect(most).toBe(1);
    // Every run the runners report happened, and none they do not.
    expect(runs).toBe(reported);
  });

  it("runs a job once per period whichever server runs it", async () => {
    let runs = 0;
    const [a, b] = pair([
      { name: "hourly", everyMs: 3_600_000, leaseMs: 10_000, run: async () => void runs++ },
    ]);
    expect(await a.runDue()).toEqual(["hourly"]);
    expect(await b.runDue()).toEqual([]);
    expect(await a.runDue()).toEqual([]);
    expect(runs).toBe(1);
  });

  it("checks a job first after the start's wait, then every checkMs, even when checkMs is the shorter", async () => {
    const ranAt: number[] = [];
    const started = Date.now();
    const runner = createJobRunner({
      db: database.db,
      log,
      jobs: [
        {
          name: "often",
          everyMs: 0,
          leaseMs: 10_000,
          checkMs: 50,
          run: async () => void ranAt.push(Date.now()),
        },
      ],
      holder: "server-start",
      firstCheckMs: 400,
    });
    runners.push(runner);
    runner.start();
    await sleep(300);
    expect(ranAt).toEqual([]);
    await until(() => ranAt.length >= 3);
    await runner.stop();
    expect((ranAt[0] ?? 0) - started).toBeGreaterThanOrEqual(390);
  });

  it("gives the period back after a failure too, and keeps the other jobs going", async () => {
    const ran: string[] = [];
    const [a] = pair([
      {
        name: "failing",
        everyMs: 3_600_000,
        leaseMs: 10_000,
        run: async () => {
          throw new Error("feed host down");
        },
      },
      { name: "fine", everyMs: 3_600_000, leaseMs: 10_000, run: async () => void ran.push("fine") },
    ]);
    expect(await a.runDue()).toEqual(["failing", "fine"]);
    expect(ran).toEqual(["fine"]);
    expect(await a.runDue()).toEqual([]);
  });

  it("lets another server take over a job whose holder stopped answering, once its lease expires", async () => {
    let takenOver = false;
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const released = new AbortController();
    const [a, b] = pair([
      {
        name: "takeover",
        everyMs: 0,
        leaseMs: 300,
        run: async (signal) => {
          if (takenOver) return;
          holding();
          // The first holder hangs (a server frozen or killed mid-run): it never gives the job back.
          await new Promise<void>((resolve) => {
            released.signal.addEventListener("abort", () => resolve());
            signal.addEventListener("abort", () => resolve());
          });
        },
      },
    ]);
    const hung = a.runDue();
    await held;
    const since = Date.now();
    expect(await b.runDue()).toEqual([]);
    await sleep(350 - (Date.now() - since));
    takenOver = true;
    expect(await b.runDue()).toEqual(["takeover"]);
    released.abort();
    await hung;
  });
});
