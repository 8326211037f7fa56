import { NEWSLETTER_PAGES } from "@waveform/contracts/newsletter";
import { newsletterIssuePath } from "@waveform/contracts/newsletter-archive";
import type { IssueSection } from "@waveform/contracts/newsletter-issues";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { newsletterIssues, newsletterSubscriptions } from "../../../db/schema";
import type { Mailer } from "../mailer";
import type { OutboxHandler } from "../outbox-worker";
import { resolveSections } from "./blocks";
import { personalise, renderIssue } from "./issue-mail";
import { listHeaders, type MailHeadersSite } from "./list-headers";
import { unsubscribeLinkKey, unsubscribeLinks } from "./unsubscribe-links";

const WELCOME_KIND = "newsletter.welcome";
export const TEST_KIND = "newsletter.test";

/**
 * The outbox's other newsletter mails (issue 34): the welcome mail (queued when a subscription is
 * confirmed, sent only while it is still confirmed and not suppressed) and an issue's test send to
 * an operator (marked [Test]; its unsubscribe link is the page without a token).
 */
export function newsletterOutboxHandlers(
  db: Database,
  mailer: Mailer,
  site: MailHeadersSite,
): Record<string, OutboxHandler> {
  return {
    async [WELCOME_KIND](payload) {
      const subscriptionId = Number(payload.subscriptionId);
      const [subscriber] = await db
        .select({ id: newsletterSubscriptions.id })
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.id, subscriptionId),
            eq(newsletterSubscriptions.status, "confirmed"),
            isNull(newsletterSubscriptions.suppressedAt),
          ),
        );
      if (!subscriber) return "skipped";
      const links = unsubscribeLinks(await unsubscribeLinkKey(db), site.publicUrl);
      const rendered = await renderIssue(
        { title: String(payload.subject), intro: String(payload.body), sections: [] },
        site,
        site.publicUrl,
      );
      await mailer.send({
        to: String(payload.to),
        ...personalise(rendered, links.pageUrl(subscriptionId)),
        headers: listHeaders(site, links.oneClickUrl(subscriptionId)),
      });
      return "sent";
    },

    async [TEST_KIND](payload) {
      const [row] = await db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, Number(payload.issueId)));
      if (!row) return "skipped";
      const sections = await resolveSections(db, row.sections as IssueSection[], site.publicUrl);
      const rendered = await renderIssue(
        { title: row.title, intro: row.intro, sections },
        site,
        `${site.publicUrl}${newsletterIssuePath(row.slug)}`,
      );
      const page = `${site.publicUrl}${NEWSLETTER_PAGES.unsubscribe}`;
      const mail = personalise(rendered, page);
      await mailer.send({
        to: String(payload.to),
        ...mail,
        subject: `[Test] ${mail.subject}`,
        headers: listHeaders(site, page),
      });
      return "sent";
    },
  };
}
