import {
  getArchivedIssue,
  listArchivedIssues,
  NEWSLETTER_ARCHIVE,
  newsletterIssuePath,
} from "@waveform/contracts/newsletter-archive";
import {
  consoleIssueProgress,
  createConsoleIssue,
  getConsoleIssue,
  getWelcomeSettings,
  listConsoleIssues,
  newsletterSuggestions,
  pauseConsoleIssue,
  previewNewsletterIssue,
  removeConsoleIssue,
  resumeConsoleIssue,
  sendConsoleIssue,
  testSendConsoleIssue,
  updateConsoleIssue,
  updateWelcomeSettings,
} from "@waveform/contracts/newsletter-issues";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { outbox } from "../../../db/schema";
import { fromEndpoint } from "../../../lib/endpoint-schema";
import { HttpError } from "../../../plugins/errors";
import { actorOf, recordChange } from "../../audit/index";
import { createSmtpMailer, type SmtpSettings } from "../mailer";
import { resolveSections, type StoredSection } from "./blocks";
import { type BounceWebhookOptions, bounceWebhookRoutes } from "./bounce-webhooks.routes";
import { issuesFeedXml } from "./issue-feed";
import { renderIssue } from "./issue-mail";
import { createIssueSender } from "./issue-sender";
import { issueWebHtml } from "./issue-web-html";
import { createIssuesRepository } from "./issues.repository";
import type { MailHeadersSite } from "./list-headers";
import { markdownKit } from "./markdown";
import { TEST_KIND } from "./outbox-handlers";
import { SendJournal } from "./send-journal";
import { readWelcome, saveWelcome } from "./welcome";

const SEND_BUDGET_MS = 20_000;

interface IssuesOptions {
  site: MailHeadersSite;
  smtp: SmtpSettings | null;
  /** NEWSLETTER_SEND_RATE, mails per second. */
  sendRate: number;
  /** The send journal's file (NEWSLETTER_SEND_JOURNAL): this server's own. */
  sendJournal: string;
  bounceWebhooks: BounceWebhookOptions;
  /** Tests: how long one run of the sending job may send before it gives its lease back. */
  sendBudgetMs?: number;
}

/**
 * Newsletter issues (issue 34): the console's composer API (editors draft; admins send, schedule,
 * pause, resume and set the welcome mail), the public archive (API and RSS), and the background job
 * that starts scheduled issues, sends queued mail at the configured rate and marks issues sent.
 */
export const issuesRoutes: FastifyPluginAsyncZod<IssuesOptions> = async (app, options) => {
  const { site } = options;
  const issues = createIssuesRepository(app.db);
  const editor = { onRequest: app.requireOperator("editor") };
  const admin = { onRequest: app.requireOperator("admin") };
  const webUrl = (slug: string) => `${site.publicUrl}${newsletterIssuePath(slug)}`;
  const contentOf = async (fields: { title: string; intro: string; sections: readonly StoredSection[] }) => ({
    title: fields.title,
    intro: fields.intro,
    sections: await resolveSections(app.db, fields.sections, site.publicUrl),
  });
  /**
   * An issue became public (sending began): the archive, its feed, the sitemap and any page
   * rendered meanwhile (a 404 for its address) are out of date. The catalogue cache holds them
   * (or, for pages, its version): clearing it drops them here, and on PostgreSQL tells every other
   * server to drop theirs (NOTIFY catalogue_changed, decision 0014).
   */
  const archiveChanged = () => app.catalogueCache.clear();

  const sender = options.smtp
    ? createIssueSender({
        db: app.db,
        mailer: createSmtpMailer(options.smtp, site.name, site.mailto, {
          maxConnections: Math.min(8, Math.ceil(options.sendRate / 25)),
        }),
        log: app.log,
        site,
        rate: options.sendRate,
        journal: new SendJournal(options.sendJournal),
      })
    : null;
  // Mails this server delivered before it died, unrecorded: recorded before any server can claim them again.
  if (sender) app.addHook("onReady", async () => void (await sender.reconcile()));
  app.addBackgroundJob({
    name: "newsletter-issues",
    everyMs: 1000,
    checkMs: 2000,
    firstCheckMs: 1000,
    // A run sends for at most SEND_BUDGET_MS, well inside its lease; a server killed mid-run frees
    // the job after the lease, and another server (or the same one restarted) takes over.
    leaseMs: 60_000,
    run: async (signal) => {
      const started = await issues.startDue();
      for (const id of started) app.log.info({ issueId: id }, "scheduled newsletter issue started");
      if (started.length > 0) archiveChanged();
      if (sender) await sender.run(signal, options.sendBudgetMs ?? SEND_BUDGET_MS);
      for (const id of await issues.finishDone()) app.log.info({ issueId: id }, "newsletter issue sent");
    },
  });
  app.addHook("onClose", async () => sender?.close());

  // ── Console ────────────────────────────────────────────────────────────────────────────────
  await app.register(async (console) => {
    console.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    const routes = console.withTypeProvider<ZodTypeProvider>();
    routes.route({
      ...fromEndpoint(listConsoleIssues),
      ...editor,
      handler: async () => ({ issues: await issues.list() }),
    });
    routes.route({
      ...fromEndpoint(createConsoleIssue),
      ...editor,
      handler: async (request, reply) => reply.status(201).send(await issues.create(request.body)),
    });
    routes.route({
      ...fromEndpoint(getConsoleIssue),
      ...editor,
      handler: async (request) => issues.get(request.params.id),
    });
    routes.route({
      ...fromEndpoint(updateConsoleIssue),
      ...editor,
      handler: async (request) => {
        const { version, ...fields } = request.body;
        return issues.update(request.params.id, fields, version);
      },
    });
    routes.route({
      ...fromEndpoint(removeConsoleIssue),
      ...editor,
      handler: async (request, reply) => {
        await issues.remove(request.params.id);
        return reply.status(204).send(null);
      },
    });
    routes.route({
      ...fromEndpoint(previewNewsletterIssue),
      ...editor,
      handler: async (request) => renderIssue(await contentOf(request.body), site, webUrl(request.body.slug)),
    });
    routes.route({
      ...fromEndpoint(testSendConsoleIssue),
      ...editor,
      handler: async (request, reply) => {
        await issues.row(request.params.id);
        const to = request.operator?.email;
        if (!to) throw new HttpError(401, "Sign in first.");
        await app.db.insert(outbox).values({ kind: TEST_KIND, payload: { to, issueId: request.params.id } });
        if (!options.smtp)
          request.log.info({ issueId: request.params.id }, "no SMTP_URL: test mail queued, not sent");
        return reply.status(202).send({ to });
      },
    });
    routes.route({
      ...fromEndpoint(sendConsoleIssue),
      ...admin,
      handler: async (request) => {
        const at = request.body.at ? new Date(request.body.at) : null;
        const issue = await issues.send(request.params.id, at, request.body.version);
        if (issue.state === "sending") archiveChanged();
        await recordChange(app.db, {
          actor: actorOf(request),
          entity: "newsletter-issue",
          entityId: issue.id,
          action: issue.state === "scheduled" ? "schedule" : "send",
          before: null,
          after: { state: issue.state, scheduledAt: issue.scheduledAt },
        });
        if (!options.smtp && issue.state === "sending")
          request.log.warn(
            { issueId: issue.id },
            "no SMTP_URL: the issue's mails wait in the outbox until one is set",
          );
        return issue;
      },
    });
    for (const [endpoint, action] of [
      [pauseConsoleIssue, "pause"],
      [resumeConsoleIssue, "resume"],
    ] as const) {
      routes.route({
        ...fromEndpoint(endpoint),
        ...admin,
        handler: async (request) => {
          const issue =
            action === "pause"
              ? await issues.pause(request.params.id)
              : await issues.resume(request.params.id);
          await recordChange(app.db, {
            actor: actorOf(request),
            entity: "newsletter-issue",
            entityId: issue.id,
            action,
            before: null,
            after: { state: issue.state },
          });
          return issue;
        },
      });
    }
    routes.route({
      ...fromEndpoint(consoleIssueProgress),
      ...editor,
      handler: async (request) => issues.progress(request.params.id),
    });
    routes.route({
      ...fromEndpoint(newsletterSuggestions),
      ...editor,
      handler: async () => issues.suggestions(),
    });
    routes.route({
      ...fromEndpoint(getWelcomeSettings),
      ...editor,
      handler: async () => readWelcome(app.db),
    });
    routes.route({
      ...fromEndpoint(updateWelcomeSettings),
      ...admin,
      handler: async (request) => {
        const saved = await saveWelcome(app.db, request.body);
        await recordChange(app.db, {
          actor: actorOf(request),
          entity: "newsletter-welcome",
          entityId: "welcome",
          action: "update",
          before: null,
          after: { enabled: saved.enabled, subject: saved.subject },
        });
        return saved;
      },
    });
  });

  await app.register(bounceWebhookRoutes, options.bounceWebhooks);

  // ── The public archive ─────────────────────────────────────────────────────────────────────
  // Its answers are kept in the catalogue cache: an issue's content is fixed once sending began
  // (its cards kept as they went out), and the cache is cleared when one begins (archiveChanged).
  const FEED_KEY = "newsletter:feed";
  app.pageReads.route(app, listArchivedIssues, () => ({
    cacheKey: "newsletter:issues",
    load: async () =>
      listArchivedIssues.responses[200].parse({
        issues: (await issues.published()).map(({ row: _row, ...issue }) => issue),
      }),
  }));
  app.pageReads.route(app, getArchivedIssue, async ({ params }) => {
    const row = await issues.publishedBySlug(params.slug);
    if (!row) throw new HttpError(404, "There is no such issue.");
    return {
      load: async () => {
        const content = await contentOf({ ...row, sections: row.sections as StoredSection[] });
        const firstCover = content.sections.find(
          (section) => section.type === "card" && section.card.imageUrl,
        );
        return getArchivedIssue.responses[200].parse({
          slug: row.slug,
          title: row.title,
          summary: (await markdownKit()).summary(row.intro),
          publishedAt: (row.publishedAt as Date).toISOString(),
          webHtml: await issueWebHtml(content, site.publicUrl),
          imageUrl: firstCover?.type === "card" ? firstCover.card.imageUrl : null,
        });
      },
    };
  });

  // Every issue's Markdown rendered for each request took 28–94 ms with one long issue, and grew
  // with the archive (issue 43): rendered once, kept until the archive or the catalogue changes.
  const feedXml = async () => {
    const published = await issues.published();
    const items = await Promise.all(
      published.slice(0, 50).map(async ({ row, ...issue }) => ({
        ...issue,
        webHtml: await issueWebHtml(
          await contentOf({ ...row, sections: row.sections as StoredSection[] }),
          site.publicUrl,
        ),
      })),
    );
    return issuesFeedXml(site, items);
  };
  app.get(NEWSLETTER_ARCHIVE.feed, async (_request, reply) => {
    const xml = await app.catalogueCache.remember(FEED_KEY, feedXml);
    return reply
      .type("application/rss+xml; charset=utf-8")
      .header("cache-control", "public, max-age=600")
      .send(xml);
  });
};
