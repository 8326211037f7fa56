import { NEWSLETTER_ANSWER, subscribeToNewsletter } from "@waveform/contracts/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { createSmtpMailer } from "./mailer";
import { createNewsletterRepository } from "./newsletter.repository";
import { createOutboxWorker } from "./outbox-worker";

const TokenQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(100))) });

export interface NewsletterOptions {
  publicUrl: string;
  /** Subscriptions allowed per client address per minute. */
  rateLimitPerMinute: number;
  smtp: { url: string; from: string } | null;
  siteName: string;
}

/**
 * POST /api/newsletter/subscribe, and the confirm / unsubscribe links from the confirmation mail,
 * which land on the home page with a notice (a fixed path: never an open redirect).
 */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterOptions> = async (app, options) => {
  const newsletter = createNewsletterRepository(app.db);
  const worker = options.smtp
    ? createOutboxWorker(
        app.db,
        createSmtpMailer(options.smtp.url, options.smtp.from, options.siteName),
        app.log,
      )
    : null;
  // Stop delivering before the database closes (onClose hooks run in reverse registration order).
  app.addHook("onClose", async () => worker?.stop());
  const link = (action: "confirm" | "unsubscribe", token: string) =>
    `${options.publicUrl}/api/newsletter/${action}?token=${encodeURIComponent(token)}`;

  app.route({
    ...fromEndpoint(subscribeToNewsletter),
    config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: "1 minute" } },
    handler: async (request) => {
      const mail = await newsletter.subscribe(request.body, (tokens) => ({
        confirmUrl: link("confirm", tokens.confirm),
        unsubscribeUrl: link("unsubscribe", tokens.unsubscribe),
      }));
      if (mail && worker) worker.kick();
      else if (mail)
        request.log.info({ confirmUrl: mail.confirmUrl }, "no SMTP_URL: confirmation link not mailed");
      return { message: NEWSLETTER_ANSWER };
    },
  });

  app.get(
    "/api/newsletter/confirm",
    { schema: { querystring: TokenQuerySchema } },
    async (request, reply) => {
      const ok = request.query.token ? await newsletter.confirm(request.query.token) : false;
      return reply.redirect(`/?newsletter=${ok ? "confirmed" : "invalid-link"}`, 303);
    },
  );

  app.get(
    "/api/newsletter/unsubscribe",
    { schema: { querystring: TokenQuerySchema } },
    async (request, reply) => {
      const ok = request.query.token ? await newsletter.unsubscribe(request.query.token) : false;
      return reply.redirect(`/?newsletter=${ok ? "unsubscribed" : "invalid-link"}`, 303);
    },
  );
};
