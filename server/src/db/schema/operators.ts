import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The people who run the club (curator console, issue 18). Editors manage content; admins also
 * manage operators, advertisements and subscribers. A disabled operator keeps their row (the audit
 * trail names them) but cannot sign in, and their sessions are deleted when they are disabled.
 */
export const operators = pgTable(
  "operators",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased; the sign-in form lower-cases too. */
    email: text("email").notNull().unique(),
    role: text("role").$type<"editor" | "admin">().notNull().default("editor"),
    /** argon2id PHC string; null until the operator has used their set-password link. */
    passwordHash: text("password_hash"),
    /** Sealed (encrypted) base32 TOTP secret; null when the second factor is off. */
    totpSecret: text("totp_secret"),
    /** The last TOTP time step accepted, so a code cannot be replayed within its window. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("operators_role_known", sql`${table.role} in ('editor', 'admin')`)],
);

/**
 * One-time links (set or reset a password). Only a SHA-256 of the token is stored, so a database
 * copy cannot be used to sign in; a link works once and for one hour.
 */
export const operatorTokens = pgTable(
  "operator_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"set-password">().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("operator_tokens_operator_id_idx").on(table.operatorId)],
);
