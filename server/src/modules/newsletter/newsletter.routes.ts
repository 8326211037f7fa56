import {
  confirmNewsletter,
  NEWSLETTER_ANSWER,
  NEWSLETTER_PAGES,
  type NewsletterLinkOutcome,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "@waveform/contracts/newsletter";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { createSmtpMailer, type SmtpSettings } from "./mailer";
import { createNewsletterRepository } from "./newsletter.repository";
import { createOutboxWorker } from "./outbox-worker";

const TokenQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(100))) });

export interface NewsletterOptions {
  publicUrl: string;
  /** Subscriptions allowed per client address per minute. */
  rateLimitPerMinute: number;
  smtp: SmtpSettings | null;
  siteName: string;
  /** Where an unsubscribe by mail goes (the mailto of List-Unsubscribe). */
  infoEmail: string;
}

/** The page a link of the mail opens, with its token (a fixed path: never an open redirect). */
export const newsletterPageAddress = (page: keyof typeof NEWSLETTER_PAGES, token: string | undefined) =>
  token ? `${NEWSLETTER_PAGES[page]}?token=${encodeURIComponent(token)}` : NEWSLETTER_PAGES[page];

/** The form body mail providers send for RFC 8058 one-click unsubscribe (a few bytes). */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * POST /api/newsletter/subscribe; the pages the confirmation mail links to (client routes) POST
 * their token to /api/newsletter/confirm and /api/newsletter/unsubscribe. Nothing changes on GET:
 * mail scanners open links. The GET addresses of mails sent before the pages existed answer with
 * the page for their token.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterOptions> = async (app, options) => {
  const newsletter = createNewsletterRepository(app.db);
  const worker = options.smtp
    ? createOutboxWorker(app.db, createSmtpMailer(options.smtp, options.siteName, options.infoEmail), app.log)
    : null;
  // Stop delivering before the database closes (onClose hooks run in reverse registration order).
  app.addHook("onClose", async () => worker?.stop());
  const withToken = (path: string, token: string) =>
    `${options.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  app.route({
    ...fromEndpoint(subscribeToNewsletter),
    config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: "1 minute" } },
    handler: async (request) => {
      const mail = await newsletter.subscribe(request.body, (tokens) => ({
        confirmUrl: withToken(NEWSLETTER_PAGES.confirm, tokens.confirm),
        unsubscribeUrl: withToken(NEWSLETTER_PAGES.unsubscribe, tokens.unsubscribe),
        listUnsubscribeUrl: withToken(unsubscribeFromNewsletter.path, tokens.unsubscribe),
      }));
      if (mail && worker) worker.kick();
      else if (mail)
        request.log.info({ confirmUrl: mail.confirmUrl }, "no SMTP_URL: confirmation link not mailed");
      return { message: NEWSLETTER_ANSWER };
    },
  });

  app.route({
    ...fromEndpoint(confirmNewsletter),
    handler: async (request): Promise<{ outcome: NewsletterLinkOutcome }> => ({
      outcome: (await newsletter.confirm(request.body.token)) ? "confirmed" : "invalid-link",
    }),
  });

  // Its own context: the one-click form body is parsed here only (elsewhere a form body is a 415).
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().route({
      ...fromEndpoint(unsubscribeFromNewsletter),
      handler: async (request): Promise<{ outcome: NewsletterLinkOutcome }> => {
        const token = "token" in request.body ? request.body.token : request.query.token;
        const done = token ? await newsletter.unsubscribe(token) : false;
        return { outcome: done ? "unsubscribed" : "invalid-link" };
      },
    });
  });

  // Links in mails sent before the pages: the page for the token, which changes nothing until its
  // button is pressed.
  for (const page of ["confirm", "unsubscribe"] as const) {
    app.get(
      `/api/newsletter/${page}`,
      { schema: { querystring: TokenQuerySchema } },
      async (request, reply) => reply.redirect(newsletterPageAddress(page, request.query.token), 303),
    );
  }
};
