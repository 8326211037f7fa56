import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";

/** The audit trail as the console's activity page reads it (issue 18). */
export const ACTIVITY_PAGE_SIZE = 25;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = "Use a date like 2026-11-24";

export const ActivityQuerySchema = z.object({
  /** One kind of thing: "playlist", "operator", "catalogue"… */
  entity: z.optional(z.string().check(z.trim(), z.maxLength(50))),
  /** An operator's id, or "cli" for the admin CLI's changes. */
  operator: z.optional(z.string().check(z.regex(/^(cli|\d{1,9})$/, "Choose an operator from the list"))),
  /** Days (UTC), both included. */
  from: z.optional(z.string().check(z.regex(DAY, DAY_MESSAGE))),
  to: z.optional(z.string().check(z.regex(DAY, DAY_MESSAGE))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  id: z.number(),
  /** ISO date and time. */
  at: z.string(),
  actorKind: z.enum(["operator", "cli", "system"]),
  /** The operator's email at the time, "cli", or what the server did ("sign-in limit"). */
  actor: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
  /** What the filters offer: every entity and every operator that appears in the trail. */
  entities: z.array(z.string()),
  operators: z.array(z.object({ id: z.number(), email: z.string() })),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/** Newest first, ACTIVITY_PAGE_SIZE a page. Editors and admins. */
export const listActivity = defineEndpoint({
  method: "GET",
  path: "/api/admin/activity",
  querystring: ActivityQuerySchema,
  responses: { 200: ActivityPageSchema },
});
