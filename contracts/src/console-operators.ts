import * as z from "zod/mini";
import { OPERATOR_ROLES, OperatorEmailSchema } from "./console-auth";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";
import { rowIdParam } from "./row-id";

/** The console's operators page (admins only): who may use the console, their roles and state. */
export const OperatorRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  /** False until the operator has used their set-password link. */
  hasPassword: z.boolean(),
  /** ISO date and time. */
  createdAt: z.string(),
});
export type OperatorRow = z.infer<typeof OperatorRowSchema>;

export const listOperators = defineEndpoint({
  method: "GET",
  path: "/api/admin/operators",
  responses: { 200: z.array(OperatorRowSchema) },
});

export const AddOperatorSchema = z.object({
  email: OperatorEmailSchema,
  role: z.enum(OPERATOR_ROLES, "Choose a role"),
});
export type AddOperatorInput = z.input<typeof AddOperatorSchema>;

/** The one-time set-password link: shown once, to be passed on to the new operator. */
export const SetPasswordLinkSchema = z.object({ link: z.string(), expiresInMinutes: z.number() });

export const addOperator = defineEndpoint({
  method: "POST",
  path: "/api/admin/operators",
  body: AddOperatorSchema,
  responses: {
    201: z.object({ operator: OperatorRowSchema, ...SetPasswordLinkSchema.shape }),
    400: ErrorSchema,
  },
});

const OperatorIdParams = z.object({
  id: rowIdParam("Operator id must be a positive whole number", "There is no such operator."),
});

/** Stops the operator signing in and ends their sessions; not oneself. */
export const disableOperator = defineEndpoint({
  method: "POST",
  path: "/api/admin/operators/:id/disable",
  params: OperatorIdParams,
  responses: { 200: OperatorRowSchema },
});

/** A new one-time set-password link (earlier links stop working). */
export const resetOperatorLink = defineEndpoint({
  method: "POST",
  path: "/api/admin/operators/:id/reset",
  params: OperatorIdParams,
  responses: { 200: SetPasswordLinkSchema },
});
