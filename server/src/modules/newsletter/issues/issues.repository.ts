import type {
  ArchivedIssueRow,
  ConsoleIssue,
  ConsoleIssueRow,
  IssueFields,
  IssueProgress,
  IssueSection,
  IssueSuggestion,
  NewsletterIssueState,
} from "@waveform/contracts/newsletter-issues";
import { and, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { episodes, newsletterIssues, outbox, playlists, podcasts, releases } from "../../../db/schema";
import { HttpError } from "../../../plugins/errors";
import { markdownKit } from "./markdown";

type IssueRow = typeof newsletterIssues.$inferSelect;

export const ISSUE_KIND = "newsletter.issue";
/** One message per (issue, subscriber), ever. */
export const issueDedupeKey = (issueId: number, subscriptionId: number) =>
  `issue:${issueId}:${subscriptionId}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toConsoleIssue = (row: IssueRow): ConsoleIssue => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  intro: row.intro,
  sections: row.sections as IssueSection[],
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

/**
 * Queues one outbox row per confirmed, not suppressed subscriber for the issue; a row that exists
 * (its dedupe key) is left alone, so starting twice, or on two servers at once, queues each once.
 */
async function enqueueRecipients(db: Database, issueId: number): Promise<number> {
  const result = await db.execute(sql`
    insert into ${outbox} (kind, payload, dedupe_key, issue_id)
    select ${ISSUE_KIND}, jsonb_build_object('to', s.email, 'subscriptionId', s.id),
           'issue:' || ${issueId}::text || ':' || s.id::text, ${issueId}::int
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
  /** Moves the issue from one of `from` to `to` (with more fields), or answers 409 with `refusal`. */
  const transition = async (
    id: number,
    from: NewsletterIssueState[],
    set: Partial<typeof newsletterIssues.$inferInsert>,
    refusal: string,
    tx: Database = db,
  ) => {
    const [row] = await tx
      .update(newsletterIssues)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.state, from)))
      .returning();
    if (row) return row;
    await find(id, tx);
    throw new HttpError(409, refusal);
  };

  /** Sending begins: published from now, every recipient queued, in one transaction. */
  const start = (id: number, from: NewsletterIssueState[]) =>
    db.transaction(async (tx) => {
      const row = await transition(
        id,
        from,
        {
          state: "sending",
          scheduledAt: null,
          publishedAt: sql`coalesce(${newsletterIssues.publishedAt}, now())` as never,
        },
        "Only a draft or a scheduled issue can be sent.",
        tx as unknown as Database,
      );
      await enqueueRecipients(tx as unknown as Database, id);
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
          : "Someone else saved this issue meanwhile; reload it to see their changes.",
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

    /** Now, or at `at` when it is in the future. */
    async send(id: number, at: Date | null): Promise<ConsoleIssue> {
      if (at && at.getTime() > Date.now()) {
        return toConsoleIssue(
          await transition(
            id,
            ["draft"],
            { state: "scheduled", scheduledAt: at },
            "Only a draft can be scheduled.",
          ),
        );
      }
      return toConsoleIssue(await start(id, ["draft", "scheduled"]));
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

    /** The archive: issues whose sending began, newest first. */
    async published(): Promise<(ArchivedIssueRow & { row: IssueRow })[]> {
      const rows = await db
        .select()
        .from(newsletterIssues)
        .where(isNotNull(newsletterIssues.publishedAt))
        .orderBy(desc(newsletterIssues.publishedAt), desc(newsletterIssues.id));
      const md = await markdownKit();
      return rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        summary: md.summary(row.intro),
        publishedAt: (row.publishedAt as Date).toISOString(),
        row,
      }));
    },

    async publishedBySlug(slug: string): Promise<IssueRow | null> {
      const [row] = await db
        .select()
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.slug, slug), isNotNull(newsletterIssues.publishedAt)));
      return row ?? null;
    },

    /** Published catalogue items newer than the last issue that was sent (the last 30 days before the first). */
    async suggestions(): Promise<{ since: string | null; suggestions: IssueSuggestion[] }> {
      const [last] = await db
        .select({ at: sql<Date | null>`max(${newsletterIssues.publishedAt})` })
        .from(newsletterIssues);
      const lastAt = last?.at ? new Date(last.at) : null;
      const since = lastAt ?? new Date(Date.now() - 30 * 24 * 3600 * 1000);
      const day = since.toISOString().slice(0, 10);
      const [playlistRows, releaseRows, episodeRows] = await Promise.all([
        db
          .select()
          .from(playlists)
          .where(and(eq(playlists.published, true), gt(playlists.createdAt, since)))
          .orderBy(desc(playlists.createdAt))
          .limit(20),
        db
          .select()
          .from(releases)
          .where(gt(releases.releaseDate, day))
          .orderBy(desc(releases.releaseDate))
          .limit(20),
        db
          .select({ episode: episodes, show: podcasts.title, showImage: podcasts.imageUrl })
          .from(episodes)
          .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
          .where(gt(episodes.publishedAt, since))
          .orderBy(desc(episodes.publishedAt))
          .limit(20),
      ]);
      const suggestions: IssueSuggestion[] = [
        ...playlistRows.map((row) => ({
          type: "playlist" as const,
          id: row.id,
          title: row.title,
          subtitle: row.curator,
          imageUrl: row.imageUrl,
          addedAt: row.createdAt.toISOString(),
        })),
        ...releaseRows.map((row) => ({
          type: "release" as const,
          id: row.id,
          title: row.title,
          subtitle: row.artist,
          imageUrl: row.imageUrl,
          addedAt: new Date(`${row.releaseDate}T00:00:00Z`).toISOString(),
        })),
        ...episodeRows.map(({ episode, show, showImage }) => ({
          type: "episode" as const,
          id: episode.id,
          title: episode.title,
          subtitle: show,
          imageUrl: episode.imageUrl ?? showImage,
          addedAt: (episode.publishedAt as Date).toISOString(),
        })),
      ].sort((a, b) => b.addedAt.localeCompare(a.addedAt));
      return { since: lastAt?.toISOString() ?? null, suggestions };
    },
  };
}
export type IssuesRepository = ReturnType<typeof createIssuesRepository>;
