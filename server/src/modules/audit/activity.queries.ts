import {
  ACTIVITY_PAGE_SIZE,
  type ActivityPage,
  type ActivityQuery,
} from "@waveform/contracts/console-activity";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, operators } from "../../db/schema";
import type { SignedInOperator } from "../../plugins/operator-auth";

/**
 * What an editor may read of the trail: the content editors themselves change (decision 0018, the
 * console's editor pages) and the catalogue the CLI imports; and the entries about their own
 * account (visibleTo). Everything else (other operators' accounts with their emails, roles and
 * sign-in locks, advertisements, subscribers and their exports) is the administrators' business. A
 * list of what is shown, so an entity added later stays hidden from editors until it is named here.
 */
const EDITOR_ACTIVITY_ENTITIES: readonly string[] = ["playlist", "release", "genre", "podcast", "catalogue"];

/** The entries the operator may read: everything for an admin; content and their own account for an editor. */
function visibleTo(viewer: Pick<SignedInOperator, "id" | "role">): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  return or(
    inArray(auditLog.entity, [...EDITOR_ACTIVITY_ENTITIES]),
    and(eq(auditLog.entity, "operator"), eq(auditLog.entityId, String(viewer.id))),
  );
}

/** The activity page's filters as conditions; days are UTC, `to` included. */
function conditions(query: ActivityQuery): SQL[] {
  const where: SQL[] = [];
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.operator === "cli") where.push(eq(auditLog.actorKind, "cli"));
  else if (query.operator) where.push(eq(auditLog.operatorId, Number(query.operator)));
  if (query.from) where.push(gte(auditLog.at, sql`${query.from}::date::timestamptz`));
  if (query.to) where.push(lt(auditLog.at, sql`(${query.to}::date + 1)::timestamptz`));
  return where;
}

/**
 * One page of the audit trail the viewer may read (visibleTo), newest first, with what the filters
 * can offer from it.
 */
export async function listActivity(
  db: Database,
  query: ActivityQuery,
  viewer: Pick<SignedInOperator, "id" | "role">,
): Promise<ActivityPage> {
  const visible = visibleTo(viewer);
  const where = and(visible, ...conditions(query));
  const page = query.page ?? 1;
  const [rows, [total], entities, actors] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset((page - 1) * ACTIVITY_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .selectDistinct({ entity: auditLog.entity })
      .from(auditLog)
      .where(visible)
      .orderBy(asc(auditLog.entity)),
    db
      .selectDistinct({ id: operators.id, email: operators.email })
      .from(auditLog)
      .innerJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(and(visible, isNotNull(auditLog.operatorId)))
      .orderBy(asc(operators.email)),
  ]);
  const n = total?.n ?? 0;
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorKind: row.actorKind,
      actor: row.actorLabel,
      entity: row.entity,
      entityId: row.entityId,
      action: row.action,
      before: row.before,
      after: row.after,
    })),
    page,
    pageCount: Math.max(1, Math.ceil(n / ACTIVITY_PAGE_SIZE)),
    total: n,
    entities: entities.map((row) => row.entity),
    operators: actors,
  };
}
