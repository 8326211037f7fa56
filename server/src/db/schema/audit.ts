import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { operators } from "./operators";

/**
 * The audit trail: who changed what, when, with the row before and after as JSON. Written in the
 * same transaction as the change itself, by the console's API and by the admin CLI (actor `cli`);
 * the server itself writes an account's sign-in lock (actor `system`).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorKind: text("actor_kind").$type<"operator" | "cli" | "system">().notNull(),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    /** The operator's email at the time (kept when the operator is later removed), `cli`, or what the server did ("sign-in limit"). */
    actorLabel: text("actor_label").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_entity_idx").on(table.entity, table.entityId),
    index("audit_log_operator_id_idx").on(table.operatorId),
  ],
);
