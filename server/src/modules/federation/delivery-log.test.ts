import { MemoryKvStore, type MessageQueue } from "@fedify/fedify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { createDeliveryLog, type DeliveryLog } from "./delivery-log";

const INBOX = "https://down.example/inbox";
const ACTIVITY = "https://club.test/ap/notes/1#create";

/** A Fedify outbox message as the queue hands it over (the fields the log reads, and one it keeps). */
const outbox = (attempt: number, extra: Record<string, unknown> = {}) => ({
  type: "outbox",
  activityId: ACTIVITY,
  inbox: INBOX,
  attempt,
  activity: { id: ACTIVITY },
  ...extra,
});

/** Handles a message as Fedify would: `fails` reports a failed delivery through onOutboxError. */
const handling = (log: DeliveryLog, fails: boolean, sent: unknown[]) => (message: Record<string, unknown>) =>
  log.around(message, async () => {
    sent.push(message);
    if (!fails) return;
    const error = Object.assign(new Error("503 Service Unavailable"), { inbox: new URL(INBOX) });
    log.failed(new URL(String(message.activityId)), error);
  });

describe(`the delivery log's "retry now", on ${testEngine}`, () => {
  let database: TestDatabase;
  let log: DeliveryLog;
  const enqueued: Record<string, unknown>[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const queue = {
      enqueue: async (message: Record<string, unknown>) => void enqueued.push(message),
      listen: async () => {},
    } as unknown as MessageQueue;
    log = createDeliveryLog(database.db, { maxAttempts: 3, kv: new MemoryKvStore(), queue });
  });
  afterAll(() => database?.close());

  it("queues a failed delivery again now, as a new round; the retry scheduled before is then dropped", async () => {
    const sent: unknown[] = [];
    await handling(log, true, sent)(outbox(0));
    expect((await log.health())[0]).toMatchObject({ instance: "down.example", failing: 1, gaveUp: 0 });

    expect(await log.retryNow("down.example")).toBe(1);
    expect(enqueued).toEqual([expect.objectContaining({ inbox: INBOX, attempt: 1, waveformRound: 1 })]);
    const [again] = enqueued;
    await handling(log, false, sent)(again as Record<string, unknown>);
    expect(await log.health()).toEqual([]);

    // Fedify's own retry of the first round comes due later: not sent a second time.
    await handling(log, false, sent)(outbox(1));
    expect(sent).toHaveLength(2);
    // A new delivery of another activity is never looked up, and is sent.
    await handling(log, false, sent)({ ...outbox(0), activityId: "https://club.test/ap/notes/2#create" });
    expect(sent).toHaveLength(3);
  });

  it("starts the attempts of a delivery that gave up again, and counts it failing, not given up", async () => {
    enqueued.length = 0;
    const sent: unknown[] = [];
    const other = { activityId: "https://club.test/ap/notes/3#create" };
    await handling(log, true, sent)(outbox(2, other));
    expect((await log.health())[0]).toMatchObject({ failing: 0, gaveUp: 1 });
    expect(await log.retryNow("down.example")).toBe(1);
    expect(enqueued[0]).toMatchObject({ attempt: 0, waveformRound: 1 });
    expect((await log.health())[0]).toMatchObject({ failing: 1, gaveUp: 0 });
    await handling(log, true, sent)(enqueued[0] as Record<string, unknown>);
    expect((await log.health())[0]).toMatchObject({
      failing: 1,
      gaveUp: 0,
      lastError: "503 Service Unavailable",
    });
    expect(await log.retryNow("nowhere.example")).toBe(0);
  });
});
