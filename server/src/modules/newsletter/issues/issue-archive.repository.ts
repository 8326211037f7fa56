import type { ArchivedIssueRow } from "@waveform/contracts/newsletter-archive";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { newsletterIssues } from "../../../db/schema";
import { markdownKit } from "./markdown";

type IssueRow = typeof newsletterIssues.$inferSelect;

/** What the public archive reads: issues whose sending began (drafts and scheduled issues never). */
export function archiveReads(db: Database) {
  return {
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
  };
}
