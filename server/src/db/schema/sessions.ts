import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { operators } from "./operators";

/**
 * Server-side visitor sessions (decision 0006). The cookie carries only the id; whatever a session
 * holds (OAuth state, encrypted tokens) lives in `data`, so new session facts need no migration.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set on a curator console session only (its own cookie); visitors' sessions leave it null. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "cascade" }),
    operatorRole: text("operator_role").$type<"editor" | "admin">(),
  },
  (table) => [
    index("sessions_expires_at_idx").on(table.expiresAt),
    index("sessions_operator_id_idx").on(table.operatorId),
  ],
);
