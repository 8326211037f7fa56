import * as z from "zod/mini";

const ErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** The one error shape of every 4xx/5xx answer of the API. */
export const ErrorSchema = z.object({
  error: z.string(),
  issues: z.optional(z.array(ErrorIssueSchema)),
});

export type ApiError = z.infer<typeof ErrorSchema>;
