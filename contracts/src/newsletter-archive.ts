import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";

// The public archive of newsletter issues (issue 34): its pages, its feed and the API they read.
// Only issues whose sending began are in it; drafts and scheduled issues never are.

/** An issue's slug: its archive page's name (`/newsletter/issues/:slug`), unique. */
export const NEWSLETTER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const NEWSLETTER_SLUG_MAX = 80;

/** The archive's pages and feed (the client's route table uses these paths). */
export const NEWSLETTER_ARCHIVE = {
  list: "/newsletter/issues",
  issue: "/newsletter/issues/:slug",
  feed: "/newsletter/feed.xml",
} as const;
export const newsletterIssuePath = (slug: string) => `/newsletter/issues/${encodeURIComponent(slug)}`;

export const ArchivedIssueRowSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Plain text from the intro, at most 200 characters (list, meta description, Open Graph). */
  summary: z.string(),
  publishedAt: z.string(),
});
export type ArchivedIssueRow = z.infer<typeof ArchivedIssueRowSchema>;

/** An issue as its page shows it: `webHtml` is rendered and sanitised on the server. */
export const ArchivedIssueSchema = z.extend(ArchivedIssueRowSchema, {
  webHtml: z.string(),
  /** The first cover of its catalogue blocks, for Open Graph (absolute or site path), or none. */
  imageUrl: z.nullable(z.string()),
});
export type ArchivedIssue = z.infer<typeof ArchivedIssueSchema>;

/** Published issues (sending began), newest first. */
export const listArchivedIssues = defineEndpoint({
  method: "GET",
  path: "/api/newsletter/issues",
  responses: { 200: z.object({ issues: z.array(ArchivedIssueRowSchema) }) },
});
/** 404 for an unknown slug and for any issue not yet published (drafts, scheduled). */
export const getArchivedIssue = defineEndpoint({
  method: "GET",
  path: "/api/newsletter/issues/:slug",
  params: z.object({
    slug: z.string().check(z.regex(NEWSLETTER_SLUG_PATTERN), z.maxLength(NEWSLETTER_SLUG_MAX)),
  }),
  responses: { 200: ArchivedIssueSchema, 404: ErrorSchema },
});
