import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";
import { NEWSLETTER_SLUG_MAX, NEWSLETTER_SLUG_PATTERN } from "./newsletter-archive";
import { rowId, rowIdParam } from "./row-id";

// Newsletter issues (issue 34): composed in the console (editors draft, admins send), sent through
// the outbox once per (issue, subscriber), archived on the site. The server validates with these
// same schemas, so the composer's field messages are the API's.

/**
 * draft → scheduled (a send time in the future) → sending → sent; sending ⇄ paused. Pausing a
 * scheduled issue takes it back to draft. Only a draft can be edited or deleted.
 */
export const NEWSLETTER_ISSUE_STATES = ["draft", "scheduled", "sending", "paused", "sent"] as const;
export type NewsletterIssueState = (typeof NEWSLETTER_ISSUE_STATES)[number];

export const NEWSLETTER_ISSUE_LIMITS = {
  title: 150,
  slug: NEWSLETTER_SLUG_MAX,
  intro: 20_000,
  text: 20_000,
  sections: 40,
} as const;

export const CATALOGUE_BLOCK_TYPES = ["playlist", "release", "episode"] as const;
export type CatalogueBlockType = (typeof CATALOGUE_BLOCK_TYPES)[number];

const markdown = (label: string, max: number) =>
  z.string().check(z.maxLength(max, `${label} must be at most ${max} characters`));

/** A block of Markdown (rendered and sanitised on the server; raw HTML is dropped). */
export const TextSectionSchema = z.object({
  type: z.literal("text"),
  markdown: markdown("A text block", NEWSLETTER_ISSUE_LIMITS.text),
});
/** A playlist, release or podcast episode from the catalogue, shown as a card (cover, title, link). */
export const CatalogueSectionSchema = z.object({
  type: z.enum(CATALOGUE_BLOCK_TYPES),
  id: rowId("Pick an item from the catalogue"),
});
export const IssueSectionSchema = z.discriminatedUnion("type", [TextSectionSchema, CatalogueSectionSchema]);
export type IssueSection = z.infer<typeof IssueSectionSchema>;

/** What an editor types. The slug names the archive page (`/newsletter/issues/:slug`), unique. */
export const IssueFieldsSchema = z.object({
  title: z
    .string("Title is required")
    .check(
      z.trim(),
      z.minLength(1, "Title is required"),
      z.maxLength(
        NEWSLETTER_ISSUE_LIMITS.title,
        `Title must be at most ${NEWSLETTER_ISSUE_LIMITS.title} characters`,
      ),
    ),
  slug: z
    .string("Slug is required")
    .check(
      z.trim(),
      z.minLength(1, "Slug is required"),
      z.maxLength(
        NEWSLETTER_ISSUE_LIMITS.slug,
        `Slug must be at most ${NEWSLETTER_ISSUE_LIMITS.slug} characters`,
      ),
      z.regex(NEWSLETTER_SLUG_PATTERN, "Slug: lower-case letters, digits and single hyphens"),
    ),
  intro: markdown("The intro", NEWSLETTER_ISSUE_LIMITS.intro),
  sections: z
    .array(IssueSectionSchema)
    .check(
      z.maxLength(
        NEWSLETTER_ISSUE_LIMITS.sections,
        `An issue holds at most ${NEWSLETTER_ISSUE_LIMITS.sections} sections`,
      ),
    ),
});
export type IssueFields = z.infer<typeof IssueFieldsSchema>;
export type IssueFieldsInput = z.input<typeof IssueFieldsSchema>;

/** An autosave: the fields and the `version` the editor loaded; a stale version answers 409. */
export const IssueUpdateSchema = z.extend(IssueFieldsSchema, { version: z.int().check(z.positive()) });

const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** Sending progress: one row per (issue, confirmed subscriber), counted by outcome. */
export const IssueProgressSchema = z.object({
  state: z.enum(NEWSLETTER_ISSUE_STATES),
  /** Recipients planned (rows created when sending began; 0 before). */
  total: z.int(),
  sent: z.int(),
  pending: z.int(),
  /** Gave up after retries, or refused permanently (5xx). */
  failed: z.int(),
  /** Skipped: the address was suppressed or unsubscribed before its turn. */
  suppressed: z.int(),
});
export type IssueProgress = z.infer<typeof IssueProgressSchema>;

/** One issue as the composer loads it. Times are ISO 8601 with offset. */
export const ConsoleIssueSchema = z.extend(IssueFieldsSchema, {
  id: z.int(),
  state: z.enum(NEWSLETTER_ISSUE_STATES),
  /** Increases on every save; send the one you loaded with the next PUT. */
  version: z.int(),
  scheduledAt: z.nullable(z.string()),
  /** When sending began: the issue is public in the archive from then on. */
  publishedAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsoleIssue = z.infer<typeof ConsoleIssueSchema>;

export const ConsoleIssueRowSchema = z.object({
  id: z.int(),
  title: z.string(),
  slug: z.string(),
  state: z.enum(NEWSLETTER_ISSUE_STATES),
  scheduledAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type ConsoleIssueRow = z.infer<typeof ConsoleIssueRowSchema>;

export const IssueIdParamsSchema = z.object({
  id: rowIdParam("Issue id must be a positive whole number", "There is no such issue."),
});

/** The mail as a subscriber gets it (HTML and plain text) and the archive page's body. */
export const IssuePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  webHtml: z.string(),
});
export type IssuePreview = z.infer<typeof IssuePreviewSchema>;

/**
 * Send now (no `at`) or at a time in the future (scheduled). Admins only. `version` is the one the
 * admin reviewed (as an autosave sends it): when the issue was saved since, nothing is sent (409).
 */
export const IssueSendSchema = z.object({
  at: z.optional(IsoDateTimeSchema),
  version: z.int("Send the version of the issue you reviewed").check(z.positive()),
});

/** A catalogue item new since the last sent issue, ready to drop into the composer as a block. */
export const IssueSuggestionSchema = z.object({
  type: z.enum(CATALOGUE_BLOCK_TYPES),
  id: z.int(),
  title: z.string(),
  /** Curator, artist or show. */
  subtitle: z.string(),
  imageUrl: z.nullable(z.string()),
  /** When it joined the catalogue (ISO). */
  addedAt: z.string(),
});
export type IssueSuggestion = z.infer<typeof IssueSuggestionSchema>;

export const WELCOME_LIMITS = { subject: 150, body: 20_000 } as const;
/** The mail a subscriber gets after confirming (Markdown body). Off by default. */
export const WelcomeSettingsSchema = z.object({
  enabled: z.boolean(),
  subject: z
    .string("Subject is required")
    .check(
      z.trim(),
      z.minLength(1, "Subject is required"),
      z.maxLength(WELCOME_LIMITS.subject, `Subject must be at most ${WELCOME_LIMITS.subject} characters`),
    ),
  body: markdown("The welcome text", WELCOME_LIMITS.body),
});
export type WelcomeSettings = z.infer<typeof WelcomeSettingsSchema>;

const base = "/api/admin/newsletter/issues";
const one = `${base}/:id` as const;
const Conflict = { 409: ErrorSchema } as const;

export const listConsoleIssues = defineEndpoint({
  method: "GET",
  path: base,
  responses: { 200: z.object({ issues: z.array(ConsoleIssueRowSchema) }) },
});
/** A new draft (editors and admins). 409 when the slug is taken. */
export const createConsoleIssue = defineEndpoint({
  method: "POST",
  path: base,
  body: IssueFieldsSchema,
  responses: { 201: ConsoleIssueSchema, ...Conflict },
});
export const getConsoleIssue = defineEndpoint({
  method: "GET",
  path: one,
  params: IssueIdParamsSchema,
  responses: { 200: ConsoleIssueSchema },
});
/** Autosave of a draft. 409 when `version` is stale, the slug is taken or the issue is no longer a draft. */
export const updateConsoleIssue = defineEndpoint({
  method: "PUT",
  path: one,
  params: IssueIdParamsSchema,
  body: IssueUpdateSchema,
  responses: { 200: ConsoleIssueSchema, ...Conflict },
});
/** Deletes a draft (409 for any other state). */
export const removeConsoleIssue = defineEndpoint({
  method: "DELETE",
  path: one,
  params: IssueIdParamsSchema,
  responses: { 204: z.null(), ...Conflict },
});
/** Renders unsaved fields (the composer's live preview); nothing is stored. */
export const previewNewsletterIssue = defineEndpoint({
  method: "POST",
  path: "/api/admin/newsletter/preview",
  body: IssueFieldsSchema,
  responses: { 200: IssuePreviewSchema },
});
/** Mails the saved issue to the signed-in operator's own address, through the outbox. */
export const testSendConsoleIssue = defineEndpoint({
  method: "POST",
  path: `${one}/test-send`,
  params: IssueIdParamsSchema,
  responses: { 202: z.object({ to: z.string() }) },
});
/**
 * Admins only: send now or schedule. 409 unless the issue is a draft (or, to send now, scheduled)
 * still at `version`.
 */
export const sendConsoleIssue = defineEndpoint({
  method: "POST",
  path: `${one}/send`,
  params: IssueIdParamsSchema,
  body: IssueSendSchema,
  responses: { 200: ConsoleIssueSchema, ...Conflict },
});
/** Admins only: stop claiming (sending → paused; scheduled → draft). */
export const pauseConsoleIssue = defineEndpoint({
  method: "POST",
  path: `${one}/pause`,
  params: IssueIdParamsSchema,
  responses: { 200: ConsoleIssueSchema, ...Conflict },
});
/** Admins only: paused → sending. */
export const resumeConsoleIssue = defineEndpoint({
  method: "POST",
  path: `${one}/resume`,
  params: IssueIdParamsSchema,
  responses: { 200: ConsoleIssueSchema, ...Conflict },
});
/** Poll this for live progress (the console polls every few seconds while sending). */
export const consoleIssueProgress = defineEndpoint({
  method: "GET",
  path: `${one}/progress`,
  params: IssueIdParamsSchema,
  responses: { 200: IssueProgressSchema },
});
/** Published catalogue items added since the last sent issue (all recent ones before the first). */
export const newsletterSuggestions = defineEndpoint({
  method: "GET",
  path: "/api/admin/newsletter/suggestions",
  responses: {
    200: z.object({ since: z.nullable(z.string()), suggestions: z.array(IssueSuggestionSchema) }),
  },
});
export const getWelcomeSettings = defineEndpoint({
  method: "GET",
  path: "/api/admin/newsletter/welcome",
  responses: { 200: WelcomeSettingsSchema },
});
/** Admins only. */
export const updateWelcomeSettings = defineEndpoint({
  method: "PUT",
  path: "/api/admin/newsletter/welcome",
  body: WelcomeSettingsSchema,
  responses: { 200: WelcomeSettingsSchema },
});

/** Webhooks of mail providers (no session; verified by signature). */
export const NEWSLETTER_WEBHOOKS = {
  ses: "/api/newsletter/webhooks/ses",
  postmark: "/api/newsletter/webhooks/postmark",
} as const;
