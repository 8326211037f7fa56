import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { type Listener, listen as listenForNotifications } from "../../../db/notify";
import { federationMessages as messages } from "../../../db/schema";
import { durationMs } from "./db-kv-store";

/** The PostgreSQL channel on which an enqueue wakes the listening servers; the payload is the queue's name. */
const QUEUE_CHANNEL = "federation_queue";

interface QueueLog {
  warn(details: object, message: string): void;
}

export interface DbMessageQueueOptions {
  /** Which queue of the table this is: Fedify's inbox, outbox and fan-out may each have their own. */
  name?: string;
  /** PostgreSQL's address, to LISTEN for enqueues of other servers; unset on PGlite (one process). */
  listenUrl?: string;
  /** Messages one `listen` handles at once (instead of Fedify's ParallelMessageQueue; see below). Default 1. */
  concurrency?: number;
  /** How long a claim holds before another server may take the message; extended while handled. Default 30 s. */
  leaseMs?: number;
  /** The longest a listener waits before looking again, whatever it was told. Default 5 s. */
  pollMs?: number;
  /** The wait after a handler threw, doubling with each attempt. Default 1 s. */
  retryDelayMs?: number;
  /** Attempts before a message is given up (kept, failed, with its last error). Default 5. */
  maxAttempts?: number;
  log?: QueueLog;
}

interface Claimed {
  id: number;
  message: unknown;
  attempts: number;
  claim: string;
  /** Enqueued by the handler of another message. */
  hasParent: boolean;
}

/** The message a handler is handling: what it enqueues is its children, numbered in order. */
interface Handling {
  db: Database;
  id: number;
  enqueued: number;
}

const handling = new AsyncLocalStorage<Handling>();

/** Every idle listener in this process, by database: an enqueue wakes them without a round trip. */
const localWakers = new WeakMap<Database, Set<(queue: string) => void>>();

function wakersOf(db: Database): Set<(queue: string) => void> {
  let wakers = localWakers.get(db);
  if (!wakers) {
    wakers = new Set();
    localWakers.set(db, wakers);
  }
  return wakers;
}

type Rows<T> = { rows: T[] };

/** At most this many messages in one insert (a fan-out to 10,000 inboxes is twenty statements). */
const ENQUEUE_CHUNK = 500;

const waiting = sql`done_at is null and failed_at is null`;

/**
 * The claim of a message waiting after its handler threw: still claimed, so the rest of its
 * ordering key waits behind it, but by no server (its wait is no lease).
 */
const RETRY_WAIT = "retry-wait";

/**
 * Fedify's message queue on the club's own database, PGlite or PostgreSQL, shared by every server on
 * it. A message is handled by one server at a time: a server claims it (one statement, `FOR UPDATE
 * SKIP LOCKED`, so two never take the same row) for a lease it extends while the handler runs, and
 * deletes it when the handler returns. A server killed mid-handling loses nothing: its lease runs
 * out and another server takes the message (handled again; receivers deduplicate by activity id).
 * Whatever a handler enqueues is numbered under its message, so a message handled again (after a
 * crash, or a throw) enqueues nothing twice: a fan-out cut short resumes where it stopped.
 *
 * Messages with the same ordering key are handled one at a time, in the order enqueued. A handler
 * that throws gets its message back after `retryDelayMs` (doubling), at most `maxAttempts` times:
 * Fedify retries failed deliveries itself (`nativeRetrial` is false), so a throw reaching the queue
 * is unexpected and is not retried forever. Do not wrap this queue in Fedify's ParallelMessageQueue:
 * its handler returns before the work is done, so a claim would end too early; use `concurrency`.
 */
export class DbMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #db: Database;
  readonly #name: string;
  readonly #listenUrl: string | undefined;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #retryDelayMs: number;
  readonly #maxAttempts: number;
  readonly #log: QueueLog | undefined;

  constructor(db: Database, options: DbMessageQueueOptions = {}) {
    this.#db = db;
    this.#name = options.name ?? "default";
    this.#listenUrl = options.listenUrl;
    this.#concurrency = Math.max(1, options.concurrency ?? 1);
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#pollMs = options.pollMs ?? 5_000;
    this.#retryDelayMs = options.retryDelayMs ?? 1_000;
    this.#maxAttempts = options.maxAttempts ?? 5;
    this.#log = options.log;
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  async enqueueMany(batch: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (batch.length === 0) return;
    const delaySeconds = options?.delay ? Math.max(0, durationMs(options.delay)) / 1000 : 0;
    const orderingKey = options?.orderingKey ?? null;
    // Numbered now, before any await: the n-th message a handler enqueues is the n-th each time it runs.
    const parent = handling.getStore();
    const parentOfThis = parent?.db === this.#db ? parent : undefined;
    const firstSeq = parentOfThis ? parentOfThis.enqueued : 0;
    if (parentOfThis) parentOfThis.enqueued += batch.length;
    for (let start = 0; start < batch.length; start += ENQUEUE_CHUNK) {
      const chunk = batch.slice(start, start + ENQUEUE_CHUNK);
      const rows = JSON.stringify(
        chunk.map((message, at) => ({ m: message, s: parentOfThis ? firstSeq + start + at : null })),
      );
      const notify = this.#listenUrl ? sql`select pg_notify(${QUEUE_CHANNEL}, ${this.#name})` : sql`select 1`;
      await this.#db.execute(sql`
        with inserted as (
          insert into ${messages} (queue, message, ordering_key, available_at, parent_id, parent_seq)
          select ${this.#name}, row.value -> 'm', ${orderingKey},
            now() + make_interval(secs => ${delaySeconds}), ${parentOfThis?.id ?? null}::bigint,
            (row.value ->> 's')::int
          from jsonb_array_elements(${rows}::jsonb) with ordinality as row(value, n)
          order by row.n
          on conflict (parent_id, parent_seq) do nothing
          returning 1
        ) ${notify}`);
    }
    for (const wake of wakersOf(this.#db)) wake(this.#name);
  }

  /**
   * Deliveries not yet tried, per inbox address: Fedify's outbox messages on their first attempt,
   * waiting (due now or later) or being sent. A retry is not counted here: the delivery log knows it
   * as failing (and a retry superseded by 'Retry now' is dropped when it comes due). The console adds
   * them up per instance.
   */
  async deliveriesWaiting(): Promise<{ inbox: string; waiting: number }[]> {
    const result = (await this.#db.execute(sql`
      select message ->> 'inbox' as inbox, count(*)::int as waiting
      from ${messages}
      where queue = ${this.#name} and ${waiting} and message ->> 'type' = 'outbox'
        and message ->> 'inbox' is not null and coalesce(message ->> 'attempt', '0') = '0'
      group by 1`)) as unknown as Rows<{ inbox: string; waiting: number }>;
    return result.rows.map((row) => ({ inbox: row.inbox, waiting: Number(row.waiting) }));
  }

  /** Messages waiting: due now, and due later (a delay, a retry's wait); those being handled are not counted. */
  async getDepth(): Promise<MessageQueueDepth> {
    const result = (await this.#db.execute(sql`
      select count(*) filter (where available_at <= now())::int as ready,
        count(*) filter (where available_at > now())::int as delayed
      from ${messages}
      where queue = ${this.#name} and ${waiting}
        and (claim is null or claim = ${RETRY_WAIT} or available_at <= now())`)) as unknown as Rows<{
      ready: number;
      delayed: number;
    }>;
    const ready = Number(result.rows[0]?.ready ?? 0);
    const delayed = Number(result.rows[0]?.delayed ?? 0);
    return { queued: ready + delayed, ready, delayed };
  }

  /**
   * Handles messages until `signal` aborts, `concurrency` at a time; resolves after the handlers in
   * flight have finished. Never rejects: a database that does not answer is tried again after `pollMs`.
   */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const signal = options.signal ?? new AbortController().signal;
    if (signal.aborted) return;
    const workers = Array.from({ length: this.#concurrency }, () => new Sleeper(signal));
    const wake = (queue: string) => {
      if (queue === this.#name) for (const worker of workers) worker.wake();
    };
    const wakers = wakersOf(this.#db);
    wakers.add(wake);
    let listener: Listener | undefined;
    if (this.#listenUrl) {
      listener = await listenForNotifications({
        url: this.#listenUrl,
        channel: QUEUE_CHANNEL,
        onNotify: wake,
        // Enqueues while the connection was down were not heard: look now.
        onReconnect: () => wake(this.#name),
        onError: (error) => this.#log?.warn({ err: error }, "federation queue: LISTEN connection lost"),
      });
    }
    try {
      await Promise.all(workers.map((sleeper) => this.#work(handler, sleeper, signal)));
    } finally {
      wakers.delete(wake);
      await listener?.close();
    }
  }

  async #work(handler: (message: unknown) => Promise<void> | void, sleeper: Sleeper, signal: AbortSignal) {
    while (!signal.aborted) {
      sleeper.reset();
      let waitMs = this.#pollMs;
      try {
        const claimed = await this.#claim();
        if (claimed) {
          await this.#handle(claimed, handler);
          continue;
        }
        const nextMs = await this.#nextDueMs();
        if (nextMs !== null) waitMs = Math.min(waitMs, Math.max(0, nextMs) + 5);
      } catch (error) {
        this.#log?.warn({ err: error, queue: this.#name }, "federation queue: the database did not answer");
      }
      await sleeper.sleep(waitMs);
    }
  }

  /**
   * Takes the first message due whose turn it is, in one statement. A message with an ordering key
   * is taken only when no other of its key is being handled (or waits after a throw) and none of its
   * key enqueued before it is due.
   */
  async #claim(): Promise<Claimed | null> {
    const claim = randomUUID();
    const result = (await this.#db.execute(sql`
      with candidate as (
        select c.id from ${messages} c
        where c.queue = ${this.#name} and c.done_at is null and c.failed_at is null and c.available_at <= now()
          and (c.ordering_key is null or not exists (
            select 1 from ${messages} o
            where o.queue = c.queue and o.ordering_key = c.ordering_key and o.id <> c.id
              and o.done_at is null and o.failed_at is null
              and ((o.claim is not null and o.available_at > now()) or (o.id < c.id and o.available_at <= now()))))
        order by c.available_at, c.id
        limit 1
        for update skip locked
      )
      update ${messages} m set claim = ${claim}, attempts = m.attempts + 1,
        available_at = now() + make_interval(secs => ${this.#leaseMs / 1000})
      from candidate where m.id = candidate.id
      returning m.id as id, m.message as message, m.attempts as attempts, m.parent_id as parent`)) as unknown as Rows<{
      id: number | string;
      message: unknown;
      attempts: number;
      parent: number | string | null;
    }>;
    const row = result.rows[0];
    return row
      ? {
          id: Number(row.id),
          message: row.message,
          attempts: Number(row.attempts),
          claim,
          hasParent: row.parent !== null,
        }
      : null;
  }

  /** Milliseconds until the next message is due (a delay, a lease running out), or null when none waits. */
  async #nextDueMs(): Promise<number | null> {
    const result = (await this.#db.execute(sql`
      select extract(epoch from min(available_at) - now()) * 1000 as ms
      from ${messages} where queue = ${this.#name} and ${waiting}`)) as unknown as Rows<{
      ms: number | string | null;
    }>;
    const ms = result.rows[0]?.ms;
    return ms === null || ms === undefined ? null : Number(ms);
  }

  async #handle(claimed: Claimed, handler: (message: unknown) => Promise<void> | void): Promise<void> {
    if (claimed.attempts > this.#maxAttempts) {
      // Taken this often and never finished: the servers that had it died handling it.
      await this.#fail(claimed, "its handling never finished (the server handling it stopped)", 0);
      return;
    }
    const heartbeat = setInterval(() => {
      this.#extend(claimed).catch((error: unknown) =>
        this.#log?.warn({ err: error, id: claimed.id }, "federation queue: the lease was not extended"),
      );
    }, this.#leaseMs / 3);
    heartbeat.unref();
    const context: Handling = { db: this.#db, id: claimed.id, enqueued: 0 };
    try {
      await handling.run(context, () => handler(claimed.message));
    } catch (error) {
      clearInterval(heartbeat);
      this.#log?.warn(
        { err: error, id: claimed.id, attempt: claimed.attempts, queue: this.#name },
        "federation queue: a handler threw",
      );
      await this.#fail(claimed, error instanceof Error ? error.message : String(error));
      return;
    }
    clearInterval(heartbeat);
    // Most messages neither were enqueued by a handler nor enqueued any: one plain delete.
    if (!claimed.hasParent && context.enqueued === 0)
      await this.#db.execute(
        sql`delete from ${messages} where id = ${claimed.id} and claim = ${claimed.claim}`,
      );
    else await this.#done(claimed);
  }

  async #extend({ id, claim }: Claimed): Promise<void> {
    await this.#db.execute(sql`
      update ${messages} set available_at = now() + make_interval(secs => ${this.#leaseMs / 1000})
      where id = ${id} and claim = ${claim}`);
  }

  /**
   * Handled: deleted, with the children it enqueued that are done (it will not be handled again);
   * kept done while a parent of its own may still be handled again. Only by its claimer: a server
   * whose lease ran out and was taken over leaves the row to the new one.
   */
  async #done({ id, claim }: Claimed): Promise<void> {
    await this.#db.execute(sql`
      with mine as (
        select id, parent_id from ${messages} where id = ${id} and claim = ${claim} for update
      ), children as (
        delete from ${messages} c using mine where c.parent_id = mine.id and c.done_at is not null
      ), kept as (
        update ${messages} m set done_at = now(), claim = null from mine
        where m.id = mine.id and exists (
          select 1 from ${messages} p where p.id = mine.parent_id and p.done_at is null and p.failed_at is null)
        returning m.id
      )
      delete from ${messages} m using mine where m.id = mine.id and not exists (select 1 from kept)`);
  }

  /**
   * Back after a wait (the claim kept, so the rest of its ordering key waits too), or, its attempts
   * spent, given up: kept failed with the error, its done children deleted.
   */
  async #fail(
    { id, claim, attempts }: Claimed,
    error: string,
    retryMs = this.#retryDelayMs * 2 ** (attempts - 1),
  ) {
    const giveUp = attempts >= this.#maxAttempts;
    await this.#db.execute(sql`
      with failed as (
        update ${messages} set last_error = ${error.slice(0, 2000)}, claim = ${RETRY_WAIT},
          available_at = now() + make_interval(secs => ${retryMs / 1000}),
          failed_at = ${giveUp ? sql`now()` : sql`null`}
        where id = ${id} and claim = ${claim}
        returning id, failed_at
      )
      delete from ${messages} c using failed
      where c.parent_id = failed.id and failed.failed_at is not null and c.done_at is not null`);
    if (giveUp)
      this.#log?.warn({ id, attempts, error, queue: this.#name }, "federation queue: a message was given up");
  }
}

/** A worker's wait: until its time, a wake, or the signal; a wake since `reset` ends the next wait at once. */
class Sleeper {
  #woken = false;
  #resolve: (() => void) | undefined;
  readonly #signal: AbortSignal;

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    signal.addEventListener("abort", () => this.wake(), { once: true });
  }

  reset(): void {
    this.#woken = false;
  }

  wake(): void {
    this.#woken = true;
    this.#resolve?.();
  }

  sleep(ms: number): Promise<void> {
    if (this.#woken || this.#signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#resolve = undefined;
        resolve();
      }
      this.#resolve = done;
    });
  }
}

/**
 * Deletes what no server needs any more: handled messages kept for a parent that is itself handled
 * or given up (a race of the two can leave some), and given-up messages older than `failedDays`.
 */
export async function purgeFinishedMessages(db: Database, failedDays = 30): Promise<number> {
  const result = (await db.execute(sql`
    with purged as (
      delete from ${messages} c
      where (c.done_at is not null and not exists (
          select 1 from ${messages} p where p.id = c.parent_id and p.done_at is null and p.failed_at is null))
        or c.failed_at < now() - make_interval(days => ${failedDays})
      returning 1
    )
    select count(*)::int as n from purged`)) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}
