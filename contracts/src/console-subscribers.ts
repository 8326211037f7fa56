import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { rowIdParam } from "./row-id";

/** The console's subscriber endpoints (issue 18, admins only). */

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBERS_PAGE_SIZE = 25;

export const ConsoleSubscriberSchema = z.object({
  id: z.int(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  consentAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  sourcePage: z.nullable(z.string()),
  /**
   * Issue 34: never mailed again since `at` — a 5xx at RCPT TO, a hard bounce or a complaint (the
   * reason says which). Null when the address may be mailed. (Optional only for older fixtures.)
   */
  suppression: z.optional(z.nullable(z.object({ reason: z.string(), at: z.string() }))),
});
export type ConsoleSubscriber = z.infer<typeof ConsoleSubscriberSchema>;

export const SubscriberCountsSchema = z.object({
  pending: z.int(),
  confirmed: z.int(),
  unsubscribed: z.int(),
  total: z.int(),
});

export const SubscriberSearchSchema = z.object({
  /** Part of an address, any case. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(254, "Search for at most 254 characters"))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});
export type SubscriberSearch = z.infer<typeof SubscriberSearchSchema>;

export const listConsoleSubscribers = defineEndpoint({
  method: "GET",
  path: "/api/admin/subscribers",
  querystring: SubscriberSearchSchema,
  responses: {
    200: z.object({
      counts: SubscriberCountsSchema,
      subscribers: z.array(ConsoleSubscriberSchema),
      page: z.int(),
      pageSize: z.int(),
      /** Subscribers matching the search (all pages). */
      matching: z.int(),
    }),
  },
});

export const EXPORT_STATUSES = ["confirmed", "pending", "unsubscribed", "all"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A CSV download (text/csv, attachment), the same columns as `npm run admin -- newsletter export`. */
export const exportConsoleSubscribers = defineEndpoint({
  method: "GET",
  path: "/api/admin/subscribers/export.csv",
  querystring: z.object({ status: z.optional(z.enum(EXPORT_STATUSES)) }),
  responses: { 200: z.string() },
});

export const SubscriberIdParamsSchema = z.object({
  id: rowIdParam("Subscriber id must be a positive whole number", "There is no such subscriber."),
});

/**
 * Erasure on request: the subscription and everything holding the address (queued mail, tokens) are
 * deleted; the audit trail records only the id. 404 for an unknown id.
 */
export const eraseConsoleSubscriber = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/subscribers/:id",
  params: SubscriberIdParamsSchema,
  responses: { 200: z.object({ erased: z.literal(true) }) },
});
