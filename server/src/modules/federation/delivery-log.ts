import type { KvKey, KvStore, MessageQueue } from "@fedify/fedify";
import { Temporal } from "@js-temporal/polyfill";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationDeliveryFailures } from "../../db/schema";
import { instanceOf } from "./followers.repository";

/** The fields of a Fedify outbox message the log needs (one delivery of one activity to one inbox). */
interface OutboxDelivery {
  activityId?: string;
  inbox: string;
  attempt: number;
}

/**
 * A failed delivery's last outbox message, kept so an operator can have it tried again now, and
 * its round: each "retry now" starts a new round, and a message of an older round (the retry
 * Fedify had scheduled before) is dropped when it comes due instead of being sent a second time.
 */
interface KeptDelivery {
  round: number;
  message?: Record<string, unknown>;
}

/** The outbox message's field naming its round (absent: the first). Fedify copies it into its retries. */
const ROUND_FIELD = "waveformRound";

/**
 * How long a kept message outlives its last failure: beyond the retries' 26.5 hours, so an
 * instance down for a day can still be retried from the console after they ran out.
 */
const KEEP_FAILED_MS = 7 * 24 * 3_600_000;
/** How long a delivered message's round is remembered: beyond the longest wait between retries (6 h). */
const KEEP_ROUND_MS = 12 * 3_600_000;

type Ttl = NonNullable<Parameters<KvStore["set"]>[2]>["ttl"];
/** Fedify's types name the standard Temporal; its runtime takes the polyfill's (see post-objects.ts). */
const ttl = (ms: number) => Temporal.Duration.from({ milliseconds: ms }) as unknown as Ttl;

const keyOf = (activityId: string, inbox: string) => `${activityId} ${inbox}`;
const kvKeyOf = (activityId: string, inbox: string): KvKey => ["waveform", "delivery", activityId, inbox];
const roundOf = (message: Record<string, unknown>) =>
  typeof message[ROUND_FIELD] === "number" ? (message[ROUND_FIELD] as number) : 0;

interface DeliveryLogOptions {
  maxAttempts: number;
  /** Where failed messages are kept for "retry now" (Fedify's store: shared by every server). */
  kv: KvStore;
  /** The queue a retried message is put back on (the queue Fedify listens to). */
  queue: MessageQueue;
}

/**
 * What the console shows of deliveries: per activity and inbox that failed, how often, the last
 * error and whether the retries ran out. A delivery that succeeds after failing clears its row.
 * Fedify reports failures (onOutboxError) but not successes, so the queue's handler is wrapped:
 * an outbox message handled without a failure reported for it was delivered.
 */
export function createDeliveryLog(db: Database, options: DeliveryLogOptions) {
  /** Failures reported while their message is being handled on this server. */
  const failedNow = new Map<string, string>();

  async function record(delivery: OutboxDelivery, error: string): Promise<void> {
    const activityId = delivery.activityId ?? "";
    const gaveUp = delivery.attempt + 1 >= options.maxAttempts;
    await db
      .insert(federationDeliveryFailures)
      .values({
        activityId,
        inbox: delivery.inbox,
        instance: instanceOf(delivery.inbox),
        attempts: delivery.attempt + 1,
        lastError: error.slice(0, 500),
        ...(gaveUp && { gaveUpAt: new Date() }),
      })
      .onConflictDoUpdate({
        target: [federationDeliveryFailures.activityId, federationDeliveryFailures.inbox],
        set: {
          attempts: delivery.attempt + 1,
          lastError: error.slice(0, 500),
          lastAttemptAt: new Date(),
          // A delivery retried from the console after giving up is failing again, not given up.
          gaveUpAt: gaveUp ? new Date() : null,
        },
      });
  }

  return {
    /** Fedify's onOutboxError: noted, and written once the message's handling ends. */
    failed(activityId: URL | null, error: Error): void {
      const inbox = (error as { inbox?: URL }).inbox;
      if (!activityId || !inbox) return;
      failedNow.set(keyOf(activityId.href, inbox.href), error.message);
    },

    /**
     * Wraps the handling of one queue message: records its outcome if it is a delivery. A retry
     * of a round an operator replaced ("retry now") is dropped unsent.
     */
    async around(message: unknown, handle: () => Promise<void>): Promise<void> {
      const delivery = message as Partial<OutboxDelivery> & { type?: string } & Record<string, unknown>;
      if (delivery.type !== "outbox" || typeof delivery.inbox !== "string") return handle();
      const activityId = delivery.activityId ?? "";
      const key = keyOf(activityId, delivery.inbox);
      const kvKey = kvKeyOf(activityId, delivery.inbox);
      const round = roundOf(delivery);
      // Only a message that failed before (a retry, or a round started from the console) can have
      // been replaced: a fan-out's first attempts skip the look-up.
      const retried = (delivery.attempt ?? 0) > 0 || round > 0;
      const kept = retried ? await options.kv.get<KeptDelivery>(kvKey) : undefined;
      if (kept && round < kept.round) return;
      failedNow.delete(key);
      try {
        await handle();
      } catch (error) {
        failedNow.set(key, (error as Error).message);
      }
      const failure = failedNow.get(key);
      failedNow.delete(key);
      const outbox = { activityId, inbox: delivery.inbox, attempt: delivery.attempt ?? 0 };
      if (failure !== undefined) {
        await options.kv.set(kvKey, { round, message: delivery } satisfies KeptDelivery, {
          ttl: ttl(KEEP_FAILED_MS),
        });
        await record(outbox, failure);
        return;
      }
      await db
        .delete(federationDeliveryFailures)
        .where(
          and(
            eq(federationDeliveryFailures.activityId, outbox.activityId),
            eq(federationDeliveryFailures.inbox, outbox.inbox),
          ),
        );
      if (round > 0) {
        // Delivered: the older round's retry, still scheduled, must not send it again.
        await options.kv.set(kvKey, { round } satisfies KeptDelivery, { ttl: ttl(KEEP_ROUND_MS) });
      } else if (kept) {
        await options.kv.delete(kvKey);
      }
    },

    /**
     * Puts an instance's failed deliveries (failing and given up) back on the queue, due now, each
     * as a new round: the retry already scheduled is dropped when it comes due. One given up starts
     * its attempts again. The new message is queued before its round is written, so a server that
     * dies between the two sends it twice at worst (receivers deduplicate by activity id), never
     * not at all. Returns how many were queued (a failure whose message was not kept is not).
     */
    async retryNow(instance: string): Promise<number> {
      const rows = await db
        .select()
        .from(federationDeliveryFailures)
        .where(eq(federationDeliveryFailures.instance, instance));
      let queued = 0;
      for (const row of rows) {
        const kvKey = kvKeyOf(row.activityId, row.inbox);
        const kept = await options.kv.get<KeptDelivery>(kvKey);
        if (!kept?.message) continue;
        const next = kept.round + 1;
        const message: Record<string, unknown> = {
          ...kept.message,
          attempt: row.gaveUpAt ? 0 : row.attempts,
          [ROUND_FIELD]: next,
        };
        const orderingKey = typeof message.orderingKey === "string" ? message.orderingKey : undefined;
        await options.queue.enqueue(message, orderingKey ? { orderingKey } : undefined);
        await options.kv.set(kvKey, { round: next, message: kept.message } satisfies KeptDelivery, {
          ttl: ttl(KEEP_FAILED_MS),
        });
        await db
          .update(federationDeliveryFailures)
          .set({ gaveUpAt: null })
          .where(
            and(
              eq(federationDeliveryFailures.activityId, row.activityId),
              eq(federationDeliveryFailures.inbox, row.inbox),
            ),
          );
        queued++;
      }
      return queued;
    },

    /** Per instance: deliveries failing now (still retried), given up, and the latest error. */
    async health(): Promise<
      { instance: string; failing: number; gaveUp: number; lastError: string; lastAttemptAt: Date }[]
    > {
      const lastAttemptAt = sql<Date>`max(${federationDeliveryFailures.lastAttemptAt})`;
      const rows = await db
        .select({
          instance: federationDeliveryFailures.instance,
          failing: sql<number>`count(*) filter (where ${federationDeliveryFailures.gaveUpAt} is null)::int`,
          gaveUp: sql<number>`count(*) filter (where ${federationDeliveryFailures.gaveUpAt} is not null)::int`,
          lastError: sql<string>`(array_agg(${federationDeliveryFailures.lastError} order by ${federationDeliveryFailures.lastAttemptAt} desc))[1]`,
          lastAttemptAt,
        })
        .from(federationDeliveryFailures)
        .groupBy(federationDeliveryFailures.instance)
        .orderBy(desc(lastAttemptAt));
      return rows.map((row) => ({ ...row, lastAttemptAt: new Date(row.lastAttemptAt) }));
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
