import { type SQL, sql } from "drizzle-orm";
import { UNIQUE, UNIQUE_CODE } from "./insights-buffer";

/** `insight_visitors.metric` (a code) as the name `insight_uniques` and the report use. */
const metricName = sql.raw(
  `case metric ${Object.entries(UNIQUE_CODE)
    .map(([name, code]) => `when ${Number(code)} then '${UNIQUE[name as keyof typeof UNIQUE_CODE]}'`)
    .join(" ")} end`,
);

/**
 * Unique visitors per day, thing (`metric`, by name) and item, counted from the raw rows of
 * `insight_visitors` that `where` selects: one row per visitor and thing, and the site's (item '')
 * as the distinct visitors of the day's `page` rows (the site has no rows of its own). The live
 * report (today's rows) and the rollup (ended days) both count with it.
 */
export const rawUniques = (where: SQL) => sql`(
  select day, ${metricName} as metric, item, count(*)::int as visitors
  from insight_visitors where ${where} group by day, insight_visitors.metric, item
  union all
  select day, ${UNIQUE.site}::text, '', count(distinct visitor)::int
  from insight_visitors where ${where} and metric = ${sql.raw(String(UNIQUE_CODE.page))} group by day
)`;
