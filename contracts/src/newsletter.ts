import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const CONSENT_MESSAGE = "You must agree to receive emails";
/** The consent checkbox's label, stored with a version so we know what each subscriber agreed to. */
export const CONSENT_LABEL = "I agree to receive email updates and promotions";
export const CONSENT_TEXT_VERSION = "2026-11-v1";
export const MAX_EMAIL_LENGTH = 254;

/** Trimmed and lower-cased before it is checked, on the server and in the form alike. */
export const NewsletterEmailSchema = z.pipe(
  z.string(EMAIL_MESSAGE).check(z.trim(), z.toLowerCase()),
  z.email(EMAIL_MESSAGE).check(z.maxLength(MAX_EMAIL_LENGTH, EMAIL_MESSAGE)),
);

export const NewsletterSubscribeSchema = z.object({
  email: NewsletterEmailSchema,
  // A boolean that must be true (not a literal), so the form can start unchecked with the same schema.
  agreeToTerms: z.boolean(CONSENT_MESSAGE).check(z.refine((agreed) => agreed, CONSENT_MESSAGE)),
  /** The page the form was on, for the consent record. */
  sourcePage: z.optional(z.string().check(z.regex(/^\/[^\s]{0,199}$/))),
});
export type NewsletterSubscribeInput = z.input<typeof NewsletterSubscribeSchema>;

export const NewsletterAnswerSchema = z.object({ message: z.string() });

/**
 * Always 200 with the same message, whether or not the address was already subscribed, so the
 * answer never reveals who is on the list.
 */
export const subscribeToNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/newsletter/subscribe",
  body: NewsletterSubscribeSchema,
  responses: { 200: NewsletterAnswerSchema },
});

export const NEWSLETTER_ANSWER = "Check your inbox to confirm your subscription.";

/** What a signup posted as a form did: the page shows it (`?signup=`) in place of the script's toast. */
export const NEWSLETTER_SIGNUP_OUTCOMES = [
  "subscribed",
  "invalid-email",
  "needs-consent",
  "rate-limited",
] as const;
export type NewsletterSignupOutcome = (typeof NEWSLETTER_SIGNUP_OUTCOMES)[number];

/**
 * A page of this site a form names as its own (a path: never another host), or the home page. Only
 * printable ASCII: a browser gives its page percent-encoded (`location.pathname`), and anything else
 * (text beyond U+00FF, control characters) cannot stand in the Location header it goes back with.
 */
export const safeSourcePage = (sourcePage: string | undefined): string =>
  sourcePage && /^\/(?![/\\])[!-~]{0,199}$/.test(sourcePage) && !/[?#\\]/.test(sourcePage) ? sourcePage : "/";

/** The page a signup form was posted from, with its outcome (the form's answer without JavaScript). */
export const signupOutcomeAddress = (sourcePage: string | undefined, outcome: NewsletterSignupOutcome) =>
  `${safeSourcePage(sourcePage)}?signup=${outcome}#newsletter-heading`;

/**
 * The pages the confirmation mail links to. Opening one changes nothing (mail scanners follow
 * links); its button POSTs the token to the endpoint below.
 */
export const NEWSLETTER_PAGES = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
} as const;

/** A confirmation link works this many days after the subscription; a new subscription sends a new one. */
export const CONFIRM_TOKEN_DAYS = 7;

const NewsletterTokenSchema = z.string().check(z.minLength(1), z.maxLength(100));
export const NewsletterTokenBodySchema = z.object({ token: NewsletterTokenSchema });

/** What pressing a page's button did; each outcome has its notice (client newsletter-notice.ts). */
export const NEWSLETTER_LINK_OUTCOMES = ["confirmed", "unsubscribed", "invalid-link"] as const;
export type NewsletterLinkOutcome = (typeof NEWSLETTER_LINK_OUTCOMES)[number];
export const NewsletterLinkAnswerSchema = z.object({ outcome: z.enum(NEWSLETTER_LINK_OUTCOMES) });

/** Confirms the pending subscription whose mail carried `token` (once, within CONFIRM_TOKEN_DAYS). */
export const confirmNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/newsletter/confirm",
  body: NewsletterTokenBodySchema,
  responses: { 200: NewsletterLinkAnswerSchema },
});

/**
 * Unsubscribes the address whose mail carried the token: JSON `{ token }` from the page's button,
 * or RFC 8058 one-click — the mail's `List-Unsubscribe` address (token in the query) POSTed with
 * the form body `List-Unsubscribe=One-Click`.
 */
export const unsubscribeFromNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/newsletter/unsubscribe",
  querystring: z.object({ token: z.optional(NewsletterTokenSchema) }),
  body: z.union([NewsletterTokenBodySchema, z.object({ "List-Unsubscribe": z.literal("One-Click") })]),
  responses: { 200: NewsletterLinkAnswerSchema },
});
