import type { MessageQueueEnqueueOptions } from "@fedify/fedify";
import { Temporal } from "@js-temporal/polyfill";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../db/client";
import { federationMessages } from "../../../db/schema";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/test-database";
import { DbMessageQueue, type DbMessageQueueOptions, purgeFinishedMessages } from "./db-message-queue";

/**
 * A duration as Fedify takes it: its types name TypeScript's own Temporal, while at run time it
 * works with the polyfill's objects (Node has no Temporal of its own yet).
 */
const milliseconds = (ms: number) =>
  Temporal.Duration.from({ milliseconds: ms }) as unknown as NonNullable<MessageQueueEnqueueOptions["delay"]>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await sleep(20);
  }
}

interface Message {
  n: number;
  key?: string;
}

describe(`Fedify's message queue on ${testEngine}`, () => {
  let handle: TestDatabase;
  /** "Servers": on PostgreSQL each has a pool of its own; PGlite is one process, one database. */
  const servers: Database[] = [];
  const closers: Array<() => Promise<void>> = [];
  let queueNumber = 0;

  beforeAll(async () => {
    handle = await createTestDatabase();
    servers.push(handle.db);
    for (let extra = 0; extra < 2; extra++) {
      if (handle.engine === "postgres") {
        const other = await openDatabase(handle.config);
        servers.push(other.db);
        closers.push(() => other.close());
      } else servers.push(handle.db);
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await handle.close();
  });

  /** A queue of its own for each test, as seen from server `server` (0, 1, 2). */
  let name = "";
  beforeEach(() => {
    name = `test-${++queueNumber}`;
  });
  const queueOn = (server: number, options: DbMessageQueueOptions = {}) =>
    new DbMessageQueue(servers[server] as Database, {
      name,
      ...(handle.url && { listenUrl: handle.url }),
      pollMs: 200,
      ...options,
    });
  const rowsOfQueue = () =>
    handle.db
      .select()
      .from(federationMessages)
      .where(eq(federationMessages.queue, name))
      .orderBy(federationMessages.id);

  /** Listens until `stop()`; `stop` resolves when `listen` has. */
  function listening(queue: DbMessageQueue, handler: (message: Message) => Promise<void> | void) {
    const controller = new AbortController();
    const done = queue.listen((message) => handler(message as Message), { signal: controller.signal });
    return {
      done,
      stop: async () => {
        controller.abort();
        await done;
      },
    };
  }

  it("hands a message to the handler once, then deletes it", async () => {
    const queue = queueOn(0);
    const seen: Message[] = [];
    const listener = listening(queue, (message) => {
      seen.push(message);
    });
    await queue.enqueue({ n: 1, nested: { list: [1, "a"] } });
    await until(() => seen.length === 1);
    await until(async () => (await rowsOfQueue()).length === 0);
    await listener.stop();
    expect(seen).toEqual([{ n: 1, nested: { list: [1, "a"] } }]);
    expect(await queue.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it("wakes a listener at once on an enqueue from another server, without waiting for its poll", async () => {
    const handledAt: number[] = [];
    const listener = listening(queueOn(0, { pollMs: 60_000 }), () => {
      handledAt.push(Date.now());
    });
    await sleep(300); // listening, and asleep after finding nothing
    const sentAt = Date.now();
    await queueOn(1).enqueue({ n: 1 });
    await until(() => handledAt.length === 1, 10_000);
    await listener.stop();
    expect((handledAt[0] ?? Infinity) - sentAt).toBeLessThan(2_000);
  });

  it("holds a delayed message until its delay has passed, and counts it as delayed meanwhile", async () => {
    const queue = queueOn(0);
    const handledAt: number[] = [];
    const sentAt = Date.now();
    await queue.enqueue({ n: 1 }, { delay: milliseconds(800) });
    await queue.enqueue({ n: 2 });
    expect(await queue.getDepth()).toEqual({ queued: 2, ready: 1, delayed: 1 });
    const order: number[] = [];
    const listener = listening(queue, (message) => {
      order.push(message.n);
      handledAt.push(Date.now());
    });
    await until(() => order.length === 2);
    await listener.stop();
    expect(order).toEqual([2, 1]);
    expect((handledAt[1] ?? 0) - sentAt).toBeGreaterThanOrEqual(750);
  });

  it("counts the deliveries not yet tried per inbox (first attempts of outbox messages), until they are made", async () => {
    const queue = queueOn(0);
    expect(await queue.deliveriesWaiting()).toEqual([]);
    const delivery = (inbox: string) => ({ type: "outbox", inbox, activityId: "https://club.test/a/1" });
    await queue.enqueue(delivery("https://one.example/inbox"));
    await queue.enqueue(delivery("https://one.example/inbox"), { delay: milliseconds(60_000) });
    await queue.enqueue(delivery("https://two.example/inbox"));
    await queue.enqueue({ type: "fanout", inboxes: {} });
    await queue.enqueue({ type: "inbox", activity: {} });
    await queue.enqueue(
      { ...delivery("https://two.example/inbox"), attempt: 2 },
      { delay: milliseconds(60_000) },
    );
    const byInbox = (await queue.deliveriesWaiting()).sort((a, b) => a.inbox.localeCompare(b.inbox));
    expect(byInbox).toEqual([
      { inbox: "https://one.example/inbox", waiting: 2 },
      { inbox: "https://two.example/inbox", waiting: 1 },
    ]);
    const listener = listening(queue, () => {});
    await until(async () => (await queue.getDepth()).ready === 0);
    await listener.stop();
    // The delayed one still waits; the others were made.
    expect(await queue.deliveriesWaiting()).toEqual([{ inbox: "https://one.example/inbox", waiting: 1 }]);
  });

  it("never hands a message to two servers: 500 messages through 3 listeners, each handled once", async () => {
    const counts = new Map<number, number>();
    const byServer = [0, 0, 0];
    const listeners = [0, 1, 2].map((server) =>
      listening(queueOn(server, { concurrency: 3 }), async (message) => {
        counts.set(message.n, (counts.get(message.n) ?? 0) + 1);
        byServer[server] = (byServer[server] ?? 0) + 1;
        await sleep(1);
      }),
    );
    const total = 500;
    // From all three at once, one by one and in batches.
    await Promise.all([
      queueOn(0).enqueueMany(Array.from({ length: 200 }, (_, at) => ({ n: at }))),
      (async () => {
        for (let n = 200; n < 300; n++) await queueOn(1).enqueue({ n });
      })(),
      queueOn(2).enqueueMany(Array.from({ length: 200 }, (_, at) => ({ n: 300 + at }))),
    ]);
    await until(() => counts.size === total, 110_000);
    await sleep(300); // any second handling would come now
    await Promise.all(listeners.map((listener) => listener.stop()));
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(byServer.every((count) => count > 0)).toBe(true);
    expect(await rowsOfQueue()).toEqual([]);
  }, 120_000);

  it("gives the message of a server that died mid-handling to another once its lease has run out", async () => {
    const queue = queueOn(0);
    await queue.enqueue({ n: 1 });
    // What a server killed with its claim leaves behind: the row claimed, its lease running.
    await handle.db.execute(sql`
      update ${federationMessages} set claim = 'a-dead-server', attempts = 1,
        available_at = now() + interval '700 milliseconds'
      where queue = ${name}`);
    const handledAt: number[] = [];
    const startedAt = Date.now();
    const listener = listening(queueOn(1), () => {
      handledAt.push(Date.now());
    });
    await until(() => handledAt.length === 1);
    await listener.stop();
    expect((handledAt[0] ?? 0) - startedAt).toBeGreaterThanOrEqual(600);
    expect(await rowsOfQueue()).toEqual([]);
  });

  it("keeps the message of a live server whose handler outlasts the lease (the lease is extended)", async () => {
    const starts: number[] = [];
    const slow = listening(queueOn(0, { leaseMs: 1_000 }), async (message) => {
      starts.push(message.n);
      await sleep(3_000);
    });
    await queueOn(0).enqueue({ n: 1 });
    await until(() => starts.length === 1);
    const other = listening(queueOn(1, { leaseMs: 1_000, pollMs: 50 }), (message) => {
      starts.push(message.n);
    });
    await sleep(3_200);
    await Promise.all([slow.stop(), other.stop()]);
    expect(starts).toEqual([1]);
  });

  it("gives a message whose handler threw back after a wait, and gives it up after its attempts", async () => {
    const attempts: number[] = [];
    const listener = listening(queueOn(0, { retryDelayMs: 100, maxAttempts: 3 }), (message) => {
      attempts.push(Date.now());
      if (message.n === 1) throw new Error("boom");
    });
    await queueOn(0).enqueue({ n: 1 });
    await until(async () => (await rowsOfQueue())[0]?.failedAt != null);
    await sleep(500); // no fourth attempt
    await listener.stop();
    expect(attempts).toHaveLength(3);
    // Waits of 100 ms, then 200 ms.
    expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(90);
    expect((attempts[2] ?? 0) - (attempts[1] ?? 0)).toBeGreaterThanOrEqual(190);
    const [row] = await rowsOfQueue();
    expect(row).toMatchObject({ attempts: 3, lastError: "boom" });
    expect(await queueOn(0).getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it("gives up a message whose handlers never finish (each server handling it died)", async () => {
    await queueOn(0).enqueue({ n: 1 });
    await handle.db.execute(sql`
      update ${federationMessages} set claim = 'a-dead-server', attempts = 2, available_at = now()
      where queue = ${name}`);
    const seen: number[] = [];
    const listener = listening(queueOn(1, { maxAttempts: 2 }), (message) => {
      seen.push(message.n);
    });
    await until(async () => (await rowsOfQueue())[0]?.failedAt != null);
    await listener.stop();
    expect(seen).toEqual([]);
    expect((await rowsOfQueue())[0]?.lastError).toMatch(/never finished/);
  });

  it("handles messages of one ordering key one at a time, in the order enqueued, across servers", async () => {
    // All waiting before any listener starts: every claim races for the head of each key.
    const perKey = 15;
    for (let n = 0; n < perKey; n++)
      for (const key of ["a", "b", "c"]) await queueOn(n % 3).enqueue({ n, key }, { orderingKey: key });
    const log: Array<{ key: string; n: number; event: "start" | "end" }> = [];
    let failedOnce = false;
    const listeners = [0, 1, 2].map((server) =>
      listening(queueOn(server, { concurrency: 3, retryDelayMs: 300 }), async (message) => {
        const key = message.key ?? "";
        log.push({ key, n: message.n, event: "start" });
        await sleep(5 + ((message.n * 7) % 11));
        log.push({ key, n: message.n, event: "end" });
        // The first of key "a" fails once: the rest of "a" must wait for it.
        if (key === "a" && message.n === 0 && !failedOnce) {
          failedOnce = true;
          throw new Error("first try fails");
        }
      }),
    );
    await until(() => log.filter((entry) => entry.event === "end").length === 3 * perKey + 1, 110_000);
    await Promise.all(listeners.map((listener) => listener.stop()));
    for (const key of ["a", "b", "c"]) {
      const events = log.filter((entry) => entry.key === key);
      // Strictly start, end, start, end…: never two of a key at once.
      events.forEach((entry, at) => {
        expect(entry.event).toBe(at % 2 === 0 ? "start" : "end");
      });
      const order = events.filter((entry) => entry.event === "start").map((entry) => entry.n);
      expect(order).toEqual(
        key === "a" ? [0, ...Array.from({ length: perKey }, (_, n) => n)] : [...Array(perKey).keys()],
      );
    }
    // Keys ran side by side: some message of another key started while one of "a" was running.
    const overlapping = log.some((entry, at) => {
      if (entry.event !== "start") return false;
      const running = new Set<string>();
      for (const earlier of log.slice(0, at))
        if (earlier.event === "start") running.add(earlier.key);
        else running.delete(earlier.key);
      return running.size > 0 && !running.has(entry.key);
    });
    expect(overlapping).toBe(true);
  }, 120_000);

  it("enqueues nothing twice from a handler run again: a fan-out cut short resumes where it stopped", async () => {
    const fanout = queueOn(0);
    const deliveries = queueOn(0, { name: `${name}-deliveries` });
    let runs = 0;
    const fanoutListener = listening(queueOn(0, { retryDelayMs: 50 }), async () => {
      runs++;
      // Half the deliveries enqueued, then it fails; the second run enqueues all of them.
      const inboxes = Array.from({ length: runs === 1 ? 300 : 600 }, (_, n) => ({ n }));
      await deliveries.enqueueMany(inboxes);
      if (runs === 1) throw new Error("cut short");
    });
    const delivered = new Map<number, number>();
    const deliveryListener = listening(
      queueOn(0, { name: `${name}-deliveries`, concurrency: 4 }),
      (message) => {
        delivered.set(message.n, (delivered.get(message.n) ?? 0) + 1);
      },
    );
    await fanout.enqueue({ n: -1 });
    await until(() => delivered.size === 600, 110_000);
    const leftOver = async () => {
      const left = await handle.db.execute(
        sql`select count(*)::int as n from ${federationMessages} where queue in (${name}, ${`${name}-deliveries`}) and done_at is null`,
      );
      return Number((left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
    };
    // The last handlers finish (and delete their rows) a moment after their effect: waited for.
    await until(async () => (await leftOver()) === 0, 30_000).catch(() => {});
    await Promise.all([fanoutListener.stop(), deliveryListener.stop()]);
    expect(runs).toBe(2);
    expect([...delivered.values()].every((count) => count === 1)).toBe(true);
    // The fan-out handled, nothing of it or of its deliveries waits (a handled parent row may stay
    // until the purge, which the test below covers).
    expect(await leftOver()).toBe(0);
  }, 120_000);

  it("resolves listen only after the handler in flight has finished", async () => {
    let finished = false;
    let started = false;
    const queue = queueOn(0);
    const listener = listening(queue, async () => {
      started = true;
      await sleep(300);
      finished = true;
    });
    await queue.enqueue({ n: 1 });
    await until(() => started);
    await listener.stop();
    expect(finished).toBe(true);
    expect(await rowsOfQueue()).toEqual([]);
  });

  it("purges handled messages no parent needs any more, and old given-up ones", async () => {
    // What earlier tests left purgeable is purged first, so the count below is this test's.
    await purgeFinishedMessages(handle.db);
    await handle.db.insert(federationMessages).values([
      { queue: name, message: { n: 1 }, doneAt: new Date(), parentId: 999_999_999, parentSeq: 0 },
      { queue: name, message: { n: 2 }, failedAt: new Date(Date.now() - 40 * 86_400_000) },
      { queue: name, message: { n: 3 }, failedAt: new Date() },
      { queue: name, message: { n: 4 } },
    ]);
    expect(await purgeFinishedMessages(handle.db)).toBe(2);
    expect((await rowsOfQueue()).map((row) => (row.message as Message).n)).toEqual([3, 4]);
  });
});
