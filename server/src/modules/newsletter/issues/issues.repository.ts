import type {
  ConsoleIssue,
  ConsoleIssueRow,
  IssueFields,
  IssueProgress,
  NewsletterIssueState,
} from "@waveform/contracts/newsletter-issues";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { newsletterIssues, outbox } from "../../../db/schema";
import { HttpError } from "../../../plugins/errors";
import { editableSections, type StoredSection, snapshotSections } from "./blocks";
import { archiveReads } from "./issue-archive.repository";
import { newSinceLastIssue } from "./issue-suggestions";

type IssueRow = typeof newsletterIssues.$inferSelect;

export const ISSUE_KIND = "newsletter.issue";
/**
 * The outbox key of an issue's mail to a subscription, `issue:<issue>:<subscription>`: one message
 * per (issue, subscriber), ever. The send journal names a mail by it, and trusts it to name that mail
 * only, so every writer of an issue's rows makes it here: in SQL for a subscription column (queueing
 * an issue), in TypeScript for a known id.
 */
export function issueDedupeKey(issueId: number, subscriptionId: number): string;
export function issueDedupeKey(issueId: number, subscriptionId: SQL): SQL<string>;
export function issueDedupeKey(issueId: number, subscriptionId: number | SQL): string | SQL<string> {
  const issuePart = `issue:${issueId}:`;
  return typeof subscriptionId === "number"
    ? `${issuePart}${subscriptionId}`
    : sql<string>`${issuePart} || ${subscriptionId}::text`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toConsoleIssue = (row: IssueRow): ConsoleIssue => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  intro: row.intro,
  sections: editableSections(row.sections as StoredSection[]),
  state: row.state as NewsletterIssueState,
  version: row.version,
  scheduledAt: iso(row.scheduledAt),
  publishedAt: iso(row.publishedAt),
  sentAt: iso(row.sentAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** PostgreSQL's unique_violation, from node-postgres or PGlite, wrapped by drizzle or not. */
function isUniqueViolation(error: unknown): boolean {
  for (
    let cause = error as { code?: string; cause?: unknown } | undefined;
    cause;
    cause = cause.cause as never
  ) {
    if (cause.code === "23505") return true;
  }
  return false;
}
const SLUG_TAKEN = "Another issue already has this slug.";
const SAVED_MEANWHILE = "Someone else saved this issue meanwhile; reload it to see their changes.";

/**
 * Queues one outbox row per confirmed, not suppressed subscriber for the issue; a row that exists
 * (its dedupe key) is left alone, so starting twice, or on two servers at once, queues each once.
 */
async function enqueueRecipients(db: Database, issueId: number): Promise<number> {
  const result = await db.execute(sql`
    insert into ${outbox} (kind, payload, dedupe_key, issue_id)
    select ${ISSUE_KIND}, jsonb_build_object('to', s.email, 'subscriptionId', s.id),
           ${issueDedupeKey(issueId, sql`s.id`)}, ${issueId}::int
    from newsletter_subscriptions s
    where s.status = 'confirmed' and s.suppressed_at is null
    order by s.id
    on conflict (dedupe_key) do nothing`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

export function createIssuesRepository(db: Database) {
  const find = async (id: number, tx: Database = db) => {
    const [row] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
    if (!row) throw new HttpError(404, "There is no such issue.");
    return row;
  };
  /**
   * Moves the issue from one of `from` to `to` (with more fields), or answers 409 with `refusal`.
   * With `version`, only that version of the issue moves: a newer save answers 409 as an autosave
   * over it would (the admin sends what they saw, never a later edit they did not).
   */
  const transition = async (
    id: number,
    from: NewsletterIssueState[],
    set: Partial<typeof newsletterIssues.$inferInsert>,
    refusal: string,
    tx: Database = db,
    version?: number,
  ) => {
    const [row] = await tx
      .update(newsletterIssues)
      .set({ ...set, updatedAt: sql`now()` })
      .where(
        and(
          eq(newsletterIssues.id, id),
          inArray(newsletterIssues.state, from),
          version === undefined ? undefined : eq(newsletterIssues.version, version),
        ),
      )
      .returning();
    if (row) return row;
    const current = await find(id, tx);
    const moved = !from.includes(current.state as NewsletterIssueState);
    throw new HttpError(409, moved || version === undefined ? refusal : SAVED_MEANWHILE);
  };

  /**
   * Sending begins: published from now, the catalogue cards kept as they are now (blocks.ts), every
   * recipient queued, in one transaction. `version`: the one the admin sent (none for a scheduled
   * issue whose time came: it could not be edited while scheduled).
   */
  const start = (id: number, from: NewsletterIssueState[], version?: number) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const current = await find(id, tx);
      const sections = await snapshotSections(tx, current.sections as StoredSection[]);
      const row = await transition(
        id,
        from,
        {
          state: "sending",
          scheduledAt: null,
          publishedAt: sql`coalesce(${newsletterIssues.publishedAt}, now())` as never,
          sections,
        },
        "Only a draft or a scheduled issue can be sent.",
        tx,
        // The cards were read from this version's sections: a save since then is refused too.
        version ?? current.version,
      );
      await enqueueRecipients(tx, id);
      return row;
    });

  return {
    async list(): Promise<ConsoleIssueRow[]> {
      const rows = await db
        .select()
        .from(newsletterIssues)
        .orderBy(desc(newsletterIssues.updatedAt), desc(newsletterIssues.id));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        slug: row.slug,
        state: row.state as NewsletterIssueState,
        scheduledAt: iso(row.scheduledAt),
        sentAt: iso(row.sentAt),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    get: async (id: number) => toConsoleIssue(await find(id)),
    row: find,

    async create(fields: IssueFields): Promise<ConsoleIssue> {
      try {
        const [row] = await db.insert(newsletterIssues).values(fields).returning();
        return toConsoleIssue(row as IssueRow);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, SLUG_TAKEN);
        throw error;
      }
    },

    /** An autosave: refused (409) when another save came first (`version`) or the issue is not a draft. */
    async update(id: number, fields: IssueFields, version: number): Promise<ConsoleIssue> {
      let row: IssueRow | undefined;
      try {
        [row] = await db
          .update(newsletterIssues)
          .set({ ...fields, version: sql`${newsletterIssues.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              eq(newsletterIssues.id, id),
              eq(newsletterIssues.version, version),
              eq(newsletterIssues.state, "draft"),
            ),
          )
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, SLUG_TAKEN);
        throw error;
      }
      if (row) return toConsoleIssue(row);
      const current = await find(id);
      throw new HttpError(
        409,
        current.state !== "draft"
          ? "This issue is no longer a draft; it cannot be changed."
          : SAVED_MEANWHILE,
      );
    },

    async remove(id: number): Promise<void> {
      const rows = await db
        .delete(newsletterIssues)
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "draft")))
        .returning({ id: newsletterIssues.id });
      if (rows.length === 0) {
        await find(id);
        throw new HttpError(409, "Only a draft can be deleted.");
      }
    },

    /**
     * Now, or at `at` when it is in the future; only `version` of the issue (the one the admin saw):
     * a newer save answers 409 and nothing is sent or scheduled.
     */
    async send(id: number, at: Date | null, version: number): Promise<ConsoleIssue> {
      if (at && at.getTime() > Date.now()) {
        return toConsoleIssue(
          await transition(
            id,
            ["draft"],
            { state: "scheduled", scheduledAt: at },
            "Only a draft can be scheduled.",
            db,
            version,
          ),
        );
      }
      return toConsoleIssue(await start(id, ["draft", "scheduled"], version));
    },

    async pause(id: number): Promise<ConsoleIssue> {
      const current = await find(id);
      if (current.state === "scheduled") {
        return toConsoleIssue(
          await transition(
            id,
            ["scheduled"],
            { state: "draft", scheduledAt: null },
            "The issue has started sending.",
          ),
        );
      }
      return toConsoleIssue(
        await transition(
          id,
          ["sending"],
          { state: "paused" },
          "Only a sending or scheduled issue can be paused.",
        ),
      );
    },

    async resume(id: number): Promise<ConsoleIssue> {
      return toConsoleIssue(
        await transition(id, ["paused"], { state: "sending" }, "Only a paused issue can be resumed."),
      );
    },

    async progress(id: number): Promise<IssueProgress> {
      const issue = await find(id);
      const rows = await db
        .select({
          outcome: outbox.outcome,
          pending: sql<boolean>`${outbox.sentAt} is null`,
          count: sql<number>`count(*)::int`,
        })
        .from(outbox)
        .where(eq(outbox.issueId, id))
        .groupBy(outbox.outcome, sql`${outbox.sentAt} is null`);
      const progress: IssueProgress = {
        state: issue.state as NewsletterIssueState,
        total: 0,
        sent: 0,
        pending: 0,
        failed: 0,
        suppressed: 0,
      };
      for (const row of rows) {
        progress.total += row.count;
        if (row.pending) progress.pending += row.count;
        else if (row.outcome === "failed") progress.failed += row.count;
        else if (row.outcome === "suppressed") progress.suppressed += row.count;
        else progress.sent += row.count;
      }
      return progress;
    },

    /** Scheduled issues whose time has come begin sending; returns their ids. */
    async startDue(): Promise<number[]> {
      const due = await db
        .select({ id: newsletterIssues.id })
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.state, "scheduled"), sql`${newsletterIssues.scheduledAt} <= now()`));
      const started: number[] = [];
      for (const { id } of due) {
        try {
          await start(id, ["scheduled"]);
          started.push(id);
        } catch (error) {
          // Another server started it (409), or it was paused back to a draft meanwhile.
          if (!(error instanceof HttpError)) throw error;
        }
      }
      return started;
    },

    /** Sending issues with no message left to send are sent; returns their ids. */
    async finishDone(): Promise<number[]> {
      const rows = await db
        .update(newsletterIssues)
        .set({ state: "sent", sentAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(newsletterIssues.state, "sending"),
            sql`not exists (select 1 from ${outbox} where ${outbox.issueId} = ${newsletterIssues.id} and ${outbox.sentAt} is null)`,
          ),
        )
        .returning({ id: newsletterIssues.id });
      return rows.map((row) => row.id);
    },

    ...archiveReads(db),

    /** Published catalogue items newer than the last issue that was sent (the last 30 days before the first). */
    suggestions: () => newSinceLastIssue(db),
  };
}
export type IssuesRepository = ReturnType<typeof createIssuesRepository>;
