import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationDeliveryFailures } from "../../db/schema";
import { instanceOf } from "./followers.repository";

/** The fields of a Fedify outbox message the log needs (one delivery of one activity to one inbox). */
export interface OutboxDelivery {
  activityId?: string;
  inbox: string;
  attempt: number;
}

const keyOf = (activityId: string, inbox: string) => `${activityId} ${inbox}`;

/**
 * What the console shows of deliveries: per activity and inbox that failed, how often, the last
 * error and whether the retries ran out. A delivery that succeeds after failing clears its row.
 * Fedify reports failures (onOutboxError) but not successes, so the queue's handler is wrapped:
 * an outbox message handled without a failure reported for it was delivered.
 */
export function createDeliveryLog(db: Database, options: { maxAttempts: number }) {
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
          ...(gaveUp && { gaveUpAt: new Date() }),
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

    /** Wraps the handling of one queue message: records its outcome if it is a delivery. */
    async around(message: unknown, handle: () => Promise<void>): Promise<void> {
      const delivery = message as Partial<OutboxDelivery> & { type?: string };
      if (delivery.type !== "outbox" || typeof delivery.inbox !== "string") return handle();
      const key = keyOf(delivery.activityId ?? "", delivery.inbox);
      failedNow.delete(key);
      try {
        await handle();
      } catch (error) {
        failedNow.set(key, (error as Error).message);
      }
      const failure = failedNow.get(key);
      failedNow.delete(key);
      const outbox = {
        activityId: delivery.activityId ?? "",
        inbox: delivery.inbox,
        attempt: delivery.attempt ?? 0,
      };
      if (failure !== undefined) await record(outbox, failure);
      else {
        await db
          .delete(federationDeliveryFailures)
          .where(
            and(
              eq(federationDeliveryFailures.activityId, outbox.activityId),
              eq(federationDeliveryFailures.inbox, outbox.inbox),
            ),
          );
      }
    },

    /** Per instance: deliveries failing now (still retried), given up, and the latest error. */
    async health(): Promise<
      { instance: string; failing: number; gaveUp: number; lastError: string; lastAttemptAt: Date }[]
    > {
      const rows = await db
        .select({
          instance: federationDeliveryFailures.instance,
          failing: sql<number>`count(*) filter (where ${federationDeliveryFailures.gaveUpAt} is null)::int`,
          gaveUp: sql<number>`count(*) filter (where ${federationDeliveryFailures.gaveUpAt} is not null)::int`,
          lastError: sql<string>`(array_agg(${federationDeliveryFailures.lastError} order by ${federationDeliveryFailures.lastAttemptAt} desc))[1]`,
          lastAttemptAt: sql<Date>`max(${federationDeliveryFailures.lastAttemptAt})`,
        })
        .from(federationDeliveryFailures)
        .groupBy(federationDeliveryFailures.instance);
      return rows.map((row) => ({ ...row, lastAttemptAt: new Date(row.lastAttemptAt) }));
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
