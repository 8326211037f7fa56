import { eq, sql } from "drizzle-orm";
import { jobLeases, newsletterSubscriptions } from "../db/schema";
import type { TestApp } from "./test-app";

export const JOB = "newsletter-issues";

/**
 * Keeps the sending job from running on its timer (a test's own lease on it), so a test decides
 * when it runs: `runSendingJob` frees it, runs it once and holds it again.
 */
export async function holdSendingJob(t: TestApp) {
  await t.database.db
    .insert(jobLeases)
    .values({
      name: JOB,
      holder: "test",
      leaseUntil: sql`now() + interval '1 hour'`,
      notBefore: sql`now() + interval '1 hour'`,
    })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: {
        holder: "test",
        leaseUntil: sql`now() + interval '1 hour'`,
        notBefore: sql`now() + interval '1 hour'`,
      },
    });
}

export async function runSendingJob(t: TestApp) {
  await t.database.db
    .update(jobLeases)
    .set({ holder: null, leaseUntil: sql`now()`, notBefore: sql`now()` })
    .where(eq(jobLeases.name, JOB));
  const ran = await t.app.runDueJobs();
  if (!ran.includes(JOB)) {
    // The timer took it first: wait for that run to give it back.
    for (let i = 0; i < 200; i++) {
      const [lease] = await t.database.db.select().from(jobLeases).where(eq(jobLeases.name, JOB));
      if (lease?.holder === null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await holdSendingJob(t);
}

/** Confirmed subscribers straight in the database (as if each had confirmed by mail). */
export async function addSubscribers(t: TestApp, emails: string[], status = "confirmed") {
  if (emails.length === 0) return [];
  return t.database.db
    .insert(newsletterSubscriptions)
    .values(
      emails.map((email) => ({
        email,
        status,
        consentAt: new Date(),
        consentTextVersion: "test",
        confirmedAt: status === "confirmed" ? new Date() : null,
      })),
    )
    .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
}

export const anIssue = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Issue ${slug}`,
  slug,
  intro: "Hello **listeners**. New music [on the site](https://example.com/x).",
  sections: [{ type: "text", markdown: "## Notes\n\nA paragraph." }],
  ...extra,
});
