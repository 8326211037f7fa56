import type {
  ConsoleSubscriber,
  ExportStatus,
  SubscriberStatus,
} from "@waveform/contracts/console-subscribers";
import { SUBSCRIBERS_PAGE_SIZE } from "@waveform/contracts/console-subscribers";
import { toCsv } from "@waveform/contracts/csv";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSubscriptions, outbox } from "../../db/schema";
import { type Actor, recordChange } from "../audit/index";

type Row = typeof newsletterSubscriptions.$inferSelect;

const toConsoleSubscriber = (row: Row): ConsoleSubscriber => ({
  id: row.id,
  email: row.email,
  status: row.status as SubscriberStatus,
  consentAt: row.consentAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  sourcePage: row.sourcePage,
  suppression: row.suppressedAt
    ? { reason: row.suppressedReason ?? "suppressed", at: row.suppressedAt.toISOString() }
    : null,
});

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const EXPORT_HEADER = [
  "email",
  "status",
  "consent_at",
  "consent_text_version",
  "source_page",
  "confirmed_at",
];

/**
 * Subscribers for the console and the admin CLI. Reads are plain; the export and the erasure record
 * an audit entry (never the address: the trail must not keep what an erasure removes).
 */
export function createConsoleSubscribersRepository(db: Database) {
  return {
    async counts(): Promise<Record<SubscriberStatus | "total", number>> {
      const rows = await db
        .select({ status: newsletterSubscriptions.status, count: sql<number>`count(*)::int` })
        .from(newsletterSubscriptions)
        .groupBy(newsletterSubscriptions.status);
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0, total: 0 };
      for (const row of rows) {
        if (row.status in counts) counts[row.status as SubscriberStatus] = row.count;
        counts.total += row.count;
      }
      return counts;
    },

    /** One page of subscribers whose address contains `q` (any case), newest first, and how many match. */
    async search(q: string | undefined, page: number) {
      const where = q ? sql`${newsletterSubscriptions.email} like ${containing(q)}` : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscriptions)
          .where(where)
          .orderBy(sql`${newsletterSubscriptions.id} desc`)
          .limit(SUBSCRIBERS_PAGE_SIZE)
          .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE),
        db.select({ count: sql<number>`count(*)::int` }).from(newsletterSubscriptions).where(where),
      ]);
      return { subscribers: rows.map(toConsoleSubscriber), matching: total?.count ?? 0 };
    },

    /**
     * Subscribers as CSV (the header row first); confirmed ones unless `status` says otherwise. The
     * export is recorded (who took a copy of the list, of which status, how many rows).
     */
    async exportCsv(actor: Actor, status: ExportStatus): Promise<string> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(newsletterSubscriptions)
          .where(status === "all" ? undefined : eq(newsletterSubscriptions.status, status))
          .orderBy(asc(newsletterSubscriptions.id));
        await recordChange(tx, {
          actor,
          entity: "subscribers",
          entityId: status,
          action: "export",
          after: { status, rows: rows.length },
        });
        return toCsv([
          EXPORT_HEADER,
          ...rows.map((row) => [
            row.email,
            row.status,
            row.consentAt.toISOString(),
            row.consentTextVersion,
            row.sourcePage,
            row.confirmedAt?.toISOString(),
          ]),
        ]);
      });
    },

    /**
     * Erasure on request: the subscription (with its token hashes) and every queued or sent mail that
     * names the address are deleted in one transaction. The audit entry keeps the id and the word
     * 'erased' only. False when there is no such subscriber.
     */
    async erase(actor: Actor, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.id, id))
          .returning({ email: newsletterSubscriptions.email });
        if (!row) return false;
        // Mail rows carry the address in their payload (`to`, and in any text that quotes it).
        await tx
          .delete(outbox)
          .where(
            sql`${outbox.payload}->>'to' = ${row.email} or strpos(lower(${outbox.payload}::text), ${row.email}) > 0`,
          );
        await recordChange(tx, {
          actor,
          entity: "subscriber",
          entityId: id,
          action: "erase",
          after: { erased: true },
        });
        return true;
      });
    },
  };
}
