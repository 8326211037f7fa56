import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { outbox } from "../../db/schema";
import type { Mailer } from "./mailer";
import type { ConfirmationMail } from "./newsletter.repository";

/** Retry after 30 s, 2 min, 10 min, then every hour: a mail server that is down loses nothing. */
export function retryDelaySeconds(attempts: number): number {
  return [30, 120, 600][attempts - 1] ?? 3600;
}

const BATCH = 10;
/** A claimed row is hidden from other workers this long; a worker that dies releases it by time. */
const LEASE = sql`now() + interval '5 minutes'`;

interface OutboxWorker {
  /** Delivers every due message once; returns how many were sent. */
  runOnce(): Promise<number>;
  /** Asks for a run soon (after a new message is queued). */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Delivers a message of another kind (issue 34: welcome and test mails); "skipped" when it must not
 * go (the address unsubscribed or was suppressed meanwhile). A throw is retried like any failure.
 */
export type OutboxHandler = (payload: Record<string, unknown>) => Promise<"sent" | "skipped">;

export function createOutboxWorker(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  intervalMs = 5000,
  handlers: Record<string, OutboxHandler> = {},
): OutboxWorker {
  let running: Promise<number> | null = null;
  let stopped = false;

  const claim = async () =>
    db
      .update(outbox)
      .set({ nextAttemptAt: LEASE })
      .where(
        inArray(
          outbox.id,
          db
            .select({ id: outbox.id })
            .from(outbox)
            // An issue's rows are the issue sender's (issue-sender.ts), at its rate.
            .where(and(isNull(outbox.sentAt), isNull(outbox.issueId), lte(outbox.nextAttemptAt, sql`now()`)))
            .orderBy(asc(outbox.id))
            .limit(BATCH)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();

  const deliver = async (): Promise<number> => {
    let sent = 0;
    for (const row of await claim()) {
      try {
        const handler = handlers[row.kind];
        if (handler) {
          const outcome = await handler(row.payload);
          await db
            .update(outbox)
            .set({ sentAt: sql`now()`, outcome: outcome === "sent" ? "sent" : "suppressed", lastError: null })
            .where(eq(outbox.id, row.id));
          if (outcome === "sent") sent += 1;
          continue;
        }
        if (row.kind !== "newsletter.confirm") throw new Error(`unknown message kind ${row.kind}`);
        await mailer.sendConfirmation(row.payload as unknown as ConfirmationMail);
        // The links carry single-use tokens; once mailed, keep only the recipient.
        await db
          .update(outbox)
          .set({ sentAt: sql`now()`, payload: { to: row.payload.to }, lastError: null })
          .where(eq(outbox.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        await db
          .update(outbox)
          .set({
            attempts,
            lastError: (error as Error).message.slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          })
          .where(eq(outbox.id, row.id));
        log.warn({ outboxId: row.id, attempts, err: error }, "mail delivery failed; will retry");
      }
    }
    return sent;
  };

  const runOnce = () => {
    running ??= deliver().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    if (!stopped) runOnce().catch((error: unknown) => log.error({ err: error }, "outbox run failed"));
  };
  // 0: no timer of its own; the app's job runner sweeps, on one server at a time (decision 0014).
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  timer?.unref();

  return {
    runOnce,
    kick: () => setImmediate(tick),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
      mailer.close();
    },
  };
}
