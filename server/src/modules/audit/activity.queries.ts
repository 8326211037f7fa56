import {
  ACTIVITY_PAGE_SIZE,
  type ActivityPage,
  type ActivityQuery,
} from "@waveform/contracts/console-activity";
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, operators } from "../../db/schema";

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

/** One page of the audit trail, newest first, with what the filters can offer. */
export async function listActivity(db: Database, query: ActivityQuery): Promise<ActivityPage> {
  const where = and(...conditions(query));
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
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)),
    db
      .selectDistinct({ id: operators.id, email: operators.email })
      .from(auditLog)
      .innerJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(isNotNull(auditLog.operatorId))
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
