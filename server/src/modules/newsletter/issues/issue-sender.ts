import { setTimeout as sleep } from "node:timers/promises";
import { newsletterIssuePath } from "@waveform/contracts/newsletter-archive";
import type { IssueSection } from "@waveform/contracts/newsletter-issues";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../db/client";
import { newsletterIssues, newsletterSubscriptions, outbox } from "../../../db/schema";
import { type Mailer, permanentRecipientFailure } from "../mailer";
import { resolveSections } from "./blocks";
import { personalise, type RenderedIssue, renderIssue } from "./issue-mail";
import { issueDedupeKey } from "./issues.repository";
import { hostOf, listHeaders, type MailHeadersSite } from "./list-headers";
import { reconcileSendJournal, type SendJournal } from "./send-journal";
import { unsubscribeLinkKey, unsubscribeLinks } from "./unsubscribe-links";

/** A claimed row is hidden from every other sender this long; one whose sender died comes back after it. */
const CLAIM_LEASE_SECONDS = 60;
/** Temporary failures (4xx, a lost connection) are retried after these waits, then the row fails. */
const ISSUE_RETRY_SECONDS = [30, 120, 600, 1800] as const;

interface IssueSenderOptions {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: MailHeadersSite;
  /** Mails per second (NEWSLETTER_SEND_RATE). */
  rate: number;
  /** Messages in flight at once (SMTP connections of the pool). */
  concurrency?: number;
  /** Where the final dots are journalled (send-journal.ts): this server's own file. */
  journal: SendJournal;
}

interface Claimed {
  id: number;
  /** The row's key (issues.repository.ts `issueDedupeKey`), unique: the journal names the mail by it too. */
  dedupeKey: string;
  issueId: number;
  subscriptionId: number;
  to: string;
  attempts: number;
}

/**
 * Sends the queued messages of issues that are sending: claims a batch (FOR UPDATE SKIP LOCKED,
 * then a lease on the rows) and mails each at the configured rate. Each mail's final dot (the `.`
 * on which the SMTP server takes it, final-dot.ts) is journalled the moment before it is written,
 * and the mail recorded in the database after the server's `250`. A sender that dies before the dot
 * leaves the server nothing to deliver (the row comes back after the lease); one that dies after
 * it has the dot in its journal, which the server reconciles when it starts again (decision 0024).
 * Pausing an issue stops its rows being claimed.
 */
export function createIssueSender(options: IssueSenderOptions) {
  const { db, mailer, log, site, rate, journal } = options;
  const concurrency = Math.max(1, options.concurrency ?? Math.min(8, Math.ceil(rate / 25)));
  const batchSize = Math.max(1, Math.min(200, Math.ceil(rate)));
  const rendered = new Map<number, { updatedAt: number; issue: RenderedIssue }>();
  let accepted = 0;
  let links: ReturnType<typeof unsubscribeLinks> | undefined;

  const renderFor = async (issueId: number): Promise<RenderedIssue | null> => {
    const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    if (!row) return null;
    const cached = rendered.get(issueId);
    if (cached && cached.updatedAt === row.updatedAt.getTime()) return cached.issue;
    const sections = await resolveSections(db, row.sections as IssueSection[], site.publicUrl);
    const issue = await renderIssue(
      { title: row.title, intro: row.intro, sections },
      site,
      `${site.publicUrl}${newsletterIssuePath(row.slug)}`,
    );
    rendered.set(issueId, { updatedAt: row.updatedAt.getTime(), issue });
    return issue;
  };

  const claim = async (): Promise<Claimed[]> => {
    const rows = await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
      .where(
        inArray(
          outbox.id,
          db
            .select({ id: outbox.id })
            .from(outbox)
            .where(
              and(
                isNull(outbox.sentAt),
                lte(outbox.nextAttemptAt, sql`now()`),
                sql`${outbox.issueId} in (select ${newsletterIssues.id} from ${newsletterIssues} where ${newsletterIssues.state} = 'sending')`,
              ),
            )
            .orderBy(asc(outbox.id))
            .limit(batchSize)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();
    return rows
      .map((row) => ({
        id: row.id,
        dedupeKey: row.dedupeKey ?? issueDedupeKey(row.issueId as number, Number(row.payload.subscriptionId)),
        issueId: row.issueId as number,
        subscriptionId: Number(row.payload.subscriptionId),
        to: String(row.payload.to),
        attempts: row.attempts,
      }))
      .sort((a, b) => a.id - b.id);
  };

  const finish = (id: number, outcome: "sent" | "failed" | "suppressed", lastError: string | null = null) =>
    db.update(outbox).set({ sentAt: sql`now()`, outcome, lastError }).where(eq(outbox.id, id));

  const deliver = async (row: Claimed, issue: RenderedIssue): Promise<void> => {
    links ??= unsubscribeLinks(await unsubscribeLinkKey(db), site.publicUrl);
    let dotted = false;
    const journalled = { id: row.id, key: row.dedupeKey };
    try {
      await mailer.send(
        {
          to: row.to,
          ...personalise(issue, links.pageUrl(row.subscriptionId)),
          headers: listHeaders(site, links.oneClickUrl(row.subscriptionId)),
          messageId: `<issue-${row.issueId}-${row.subscriptionId}@${hostOf(site.publicUrl)}>`,
        },
        async () => {
          journal.dotted(journalled);
          dotted = true;
        },
      );
    } catch (error) {
      // Refused after the dot (or the connection went before the answer): not delivered, retried.
      if (dotted) journal.refused(journalled);
      await failed(row, error);
      return;
    }
    accepted += 1;
    await finish(row.id, "sent");
  };

  const failed = async (row: Claimed, error: unknown) => {
    const message = (error as Error).message.slice(0, 500);
    const permanent = permanentRecipientFailure(error);
    if (permanent) {
      // 5xx at RCPT TO: never mail this address again (the console shows why).
      await db.transaction(async (tx) => {
        await tx
          .update(newsletterSubscriptions)
          .set({ suppressedAt: sql`now()`, suppressedReason: permanent, updatedAt: sql`now()` })
          .where(
            and(
              eq(newsletterSubscriptions.id, row.subscriptionId),
              isNull(newsletterSubscriptions.suppressedAt),
            ),
          );
        await tx
          .update(outbox)
          .set({ sentAt: sql`now()`, outcome: "failed", lastError: permanent })
          .where(eq(outbox.id, row.id));
      });
      log.warn(
        { outboxId: row.id, issueId: row.issueId },
        "recipient refused permanently; address suppressed",
      );
      return;
    }
    const attempts = row.attempts + 1;
    const wait = ISSUE_RETRY_SECONDS[attempts - 1];
    if (wait === undefined) {
      await db
        .update(outbox)
        .set({ attempts, sentAt: sql`now()`, outcome: "failed", lastError: message })
        .where(eq(outbox.id, row.id));
      return;
    }
    await db
      .update(outbox)
      .set({
        attempts,
        lastError: message,
        nextAttemptAt: sql`now() + make_interval(secs => ${wait})`,
        sentAt: null,
        outcome: null,
      })
      .where(eq(outbox.id, row.id));
    log.warn({ outboxId: row.id, attempts, err: error }, "newsletter mail failed; will retry");
  };

  /** The subscriptions of the batch that may still be mailed (confirmed, not suppressed). */
  const mailable = async (rows: Claimed[]) => {
    const found = await db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(
        and(
          inArray(
            newsletterSubscriptions.id,
            rows.map((row) => row.subscriptionId),
          ),
          eq(newsletterSubscriptions.status, "confirmed"),
          isNull(newsletterSubscriptions.suppressedAt),
        ),
      );
    return new Set(found.map((row) => row.id));
  };

  /**
   * Sends claimed batches until nothing is due, `signal` aborts or `budgetMs` has passed; returns how
   * many mails the SMTP server accepted.
   */
  async function run(signal: AbortSignal, budgetMs: number): Promise<number> {
    const deadline = Date.now() + budgetMs;
    const gap = 1000 / rate;
    let nextSlot = Date.now();
    const before = accepted;
    await reconcile();
    while (!signal.aborted && Date.now() < deadline) {
      const rows = await claim();
      if (rows.length === 0) break;
      const allowed = await mailable(rows);
      const inFlight = new Set<Promise<void>>();
      // A delivery that could not record its outcome (the database failed): no more sends this run.
      let unrecorded: unknown = null;
      for (const row of rows) {
        if (unrecorded) break;
        if (!allowed.has(row.subscriptionId)) {
          await finish(row.id, "suppressed");
          continue;
        }
        const issue = await renderFor(row.issueId);
        if (!issue) continue;
        const wait = nextSlot - Date.now();
        if (wait > 0) await sleep(wait);
        nextSlot = Math.max(nextSlot, Date.now() - gap) + gap;
        const sending: Promise<void> = deliver(row, issue)
          .catch((error: unknown) => {
            unrecorded = error;
          })
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      if (unrecorded) throw unrecorded;
    }
    return accepted - before;
  }

  /** Records what the journal says was delivered (a crash before its record), then empties it. */
  async function reconcile(): Promise<number> {
    const recorded = await reconcileSendJournal(db, journal);
    if (recorded > 0)
      log.warn(
        { recorded },
        "newsletter: mails delivered before a crash recorded as sent from the send journal",
      );
    return recorded;
  }

  return {
    run,
    reconcile,
    close: () => {
      mailer.close();
      journal.close();
    },
  };
}
