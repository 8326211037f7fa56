import type { Database, Transaction } from "../../db/client";
import { auditLog } from "../../db/schema";

/**
 * Who made a change: a signed-in curator, someone at the server with the admin CLI, or the server
 * itself (`name` says what: "sign-in limit" for an account the sign-in limit locked).
 */
export type Actor =
  | { kind: "operator"; id: number; email: string }
  | { kind: "cli" }
  | { kind: "system"; name: string };

interface AuditEntry {
  actor: Actor;
  /** What kind of thing changed, singular: "playlist", "operator", "advertisement", "catalogue". */
  entity: string;
  entityId: string | number;
  /** What happened to it: "create", "update", "delete", "publish", "import", "disable"… */
  action: string;
  /** The row (or the part that matters) before and after, as JSON; absent on create/delete. */
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry to the audit trail. Call it with the transaction of the change itself, so the
 * change and its record are written together or not at all.
 */
export async function recordChange(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    operatorId: actor.kind === "operator" ? actor.id : null,
    // The email at the time: the trail still says who it was if the address changes later.
    actorLabel: actor.kind === "operator" ? actor.email : actor.kind === "system" ? actor.name : "cli",
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** JSON-safe copy (Dates as ISO strings, undefined dropped); null when there is nothing. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}
