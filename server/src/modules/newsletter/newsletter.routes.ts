import {
  confirmNewsletter,
  NEWSLETTER_ANSWER,
  NEWSLETTER_PAGES,
  type NewsletterLinkOutcome,
  type NewsletterSignupOutcome,
  NewsletterSubscribeSchema,
  safeSourcePage,
  signupOutcomeAddress,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "@waveform/contracts/newsletter";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { redactUrl } from "../../lib/request-log";
import { newsletterOutboxHandlers } from "./issues/outbox-handlers";
import { createSmtpMailer, type SmtpSettings } from "./mailer";
import { createNewsletterRepository } from "./newsletter.repository";
import { createOutboxWorker } from "./outbox-worker";

const TokenQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(100))) });

interface NewsletterOptions {
  publicUrl: string;
  /** Subscriptions allowed per client address per minute. */
  rateLimitPerMinute: number;
  smtp: SmtpSettings | null;
  siteName: string;
  /** Where an unsubscribe by mail goes (the mailto of List-Unsubscribe). */
  infoEmail: string;
  /** NODE_ENV=production: without SMTP_URL the confirmation link is logged without its token. */
  production: boolean;
}

/** The page a link of the mail opens, with its token (a fixed path: never an open redirect). */
const newsletterPageAddress = (page: keyof typeof NEWSLETTER_PAGES, token: string | undefined) =>
  token ? `${NEWSLETTER_PAGES[page]}?token=${encodeURIComponent(token)}` : NEWSLETTER_PAGES[page];

/** The signup form's fields as posted (each a string, or absent). */
function formFields(body: unknown): Record<"email" | "agreeToTerms" | "sourcePage", string | undefined> {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : undefined);
  return { email: text("email"), agreeToTerms: text("agreeToTerms"), sourcePage: text("sourcePage") };
}

/** A page's form (a token or a signup) or RFC 8058 one-click (`List-Unsubscribe=One-Click`): a few bytes. */
const FORM_BODY_LIMIT = 1024;

/**
 * POST /api/newsletter/subscribe; the pages the confirmation mail links to (client routes) POST
 * their token to /api/newsletter/confirm and /api/newsletter/unsubscribe. Nothing changes on GET:
 * mail scanners open links. The GET addresses of mails sent before the pages existed answer with
 * the page for their token.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterOptions> = async (app, options) => {
  const newsletter = createNewsletterRepository(app.db);
  const mailer = options.smtp ? createSmtpMailer(options.smtp, options.siteName, options.infoEmail) : null;
  const worker = mailer
    ? createOutboxWorker(
        app.db,
        mailer,
        app.log,
        0,
        newsletterOutboxHandlers(app.db, mailer, {
          name: options.siteName,
          publicUrl: options.publicUrl,
          mailto: options.infoEmail,
        }),
      )
    : null;
  // Due mail (retries; mail queued on a server that stopped) is swept by one server at a time, by
  // the job runner; a new subscription's mail goes at once from the server that queued it (kick).
  if (worker) {
    app.addBackgroundJob({
      name: "newsletter-outbox",
      everyMs: 5000,
      checkMs: 2500,
      firstCheckMs: 1000,
      leaseMs: 5 * 60_000,
      run: async () => void (await worker.runOnce()),
    });
  }
  // Stop delivering before the database closes (onClose hooks run in reverse registration order).
  app.addHook("onClose", async () => worker?.stop());
  const withToken = (path: string, token: string) =>
    `${options.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  // Their own context: form bodies are parsed here only (elsewhere a form body is a 415): the
  // pages' forms post one without JavaScript, and RFC 8058 one-click posts one.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = forms.withTypeProvider<ZodTypeProvider>();
    /**
     * JSON (the page's script, a one-click POST) gets the outcome as JSON; the page's form posted
     * without JavaScript goes back to the page, which shows the outcome.
     */
    const answer = (
      request: FastifyRequest,
      reply: FastifyReply,
      page: keyof typeof NEWSLETTER_PAGES,
      outcome: NewsletterLinkOutcome,
    ) => {
      const fromForm =
        request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") &&
        typeof request.body === "object" &&
        request.body !== null &&
        "token" in request.body;
      if (fromForm) return reply.redirect(`${NEWSLETTER_PAGES[page]}?outcome=${outcome}`, 303);
      return { outcome };
    };

    /**
     * The page's script posts JSON and gets JSON. The signup form posted without JavaScript (or
     * before the page's code ran) goes through the same schema, limit and subscription, and is
     * answered with the page it was on, which shows the outcome in place of the script's toast
     * (303, so a reload never posts again). One route: one counter per visitor for both.
     */
    const fromForm = (request: FastifyRequest) =>
      request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") === true;
    const formOutcome = (request: FastifyRequest): NewsletterSignupOutcome => {
      const input = NewsletterSubscribeSchema.safeParse(request.body);
      if (input.success) return "subscribed";
      return input.error.issues.some((issue) => issue.path[0] === "email")
        ? "invalid-email"
        : "needs-consent";
    };
    routes.route({
      ...fromEndpoint(subscribeToNewsletter),
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: "1 minute" } },
      preValidation: async (request) => {
        if (!fromForm(request)) return;
        const fields = formFields(request.body);
        request.body = {
          email: fields.email ?? "",
          agreeToTerms: fields.agreeToTerms === "on" || fields.agreeToTerms === "true",
          sourcePage: safeSourcePage(fields.sourcePage),
        };
      },
      errorHandler: (error, request, reply) => {
        if (!fromForm(request) || (error.statusCode !== 429 && !error.validation)) throw error;
        const sourcePage = formFields(request.body).sourcePage;
        const outcome = error.statusCode === 429 ? "rate-limited" : formOutcome(request);
        return reply.redirect(signupOutcomeAddress(sourcePage, outcome), 303);
      },
      handler: async (request, reply) => {
        const mail = await newsletter.subscribe(request.body, (tokens) => ({
          confirmUrl: withToken(NEWSLETTER_PAGES.confirm, tokens.confirm),
          unsubscribeUrl: withToken(NEWSLETTER_PAGES.unsubscribe, tokens.unsubscribe),
          listUnsubscribeUrl: withToken(unsubscribeFromNewsletter.path, tokens.unsubscribe),
        }));
        if (mail && worker) worker.kick();
        // Without mail a developer confirms with the logged link; a production log keeps no token
        // (whoever reads the logs could confirm anyone's address with it).
        else if (mail)
          request.log.info(
            { confirmUrl: options.production ? redactUrl(mail.confirmUrl) : mail.confirmUrl },
            "no SMTP_URL: confirmation link not mailed",
          );
        if (fromForm(request))
          return reply.redirect(signupOutcomeAddress(request.body.sourcePage, "subscribed"), 303);
        return { message: NEWSLETTER_ANSWER };
      },
    });

    routes.route({
      ...fromEndpoint(confirmNewsletter),
      handler: async (request, reply) =>
        answer(
          request,
          reply,
          "confirm",
          (await newsletter.confirm(request.body.token)) ? "confirmed" : "invalid-link",
        ),
    });

    routes.route({
      ...fromEndpoint(unsubscribeFromNewsletter),
      handler: async (request, reply) => {
        const token = "token" in request.body ? request.body.token : request.query.token;
        const done = token ? await newsletter.unsubscribe(token) : false;
        return answer(request, reply, "unsubscribe", done ? "unsubscribed" : "invalid-link");
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
