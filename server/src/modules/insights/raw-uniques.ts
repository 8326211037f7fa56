import { type SQL, sql } from "drizzle-orm";
import { UNIQUE, UNIQUE_CODE } from "./insights-buffer";

/** `insight_visitors.metric` (a code) as the name `insight_uniques` and the report use. */
const metricName = sql.raw(
  `case metric ${Object.entries(UNIQUE_CODE)
    .map(([name, code]) => `when ${Number(code)} then '${UNIQUE[name as keyof typeof UNIQUE_CODE]}'`)
    .join(" ")} end`,
);

/**
 * What a raw row is about, for trending (`UNIQUE.subject`): a playlist's, a show's or an episode's
 * page (its path, as counted: only pages that exist, under their real path, page-paths.ts), an
 * episode's listeners and downloads; null for anything else.
 */
const subjectOf = sql.raw(`case
  when metric = ${UNIQUE_CODE.page} and item ~ '^/playlist/[1-9][0-9]{0,9}$' then 'playlist:' || substring(item from 11)
  when metric = ${UNIQUE_CODE.page} and item ~ '^/podcasts/[^/]+/[1-9][0-9]{0,9}$' then 'episode:' || substring(item from '[0-9]+$')
  when metric = ${UNIQUE_CODE.page} and item ~ '^/podcasts/[^/]+$' then 'show:' || substring(item from 11)
  when metric = ${UNIQUE_CODE.listener} then 'episode:' || item
  when metric = ${UNIQUE_CODE.download} then 'episode:' || split_part(item, ':', 1)
end`);

/**
 * Unique visitors per day, thing (`metric`, by name) and item, counted from the raw rows of
 * `insight_visitors` that `where` selects: one row per visitor and thing, and the site's (item '')
 * as the distinct visitors of the day's `page` rows (the site has no rows of its own), and each
 * subject's (`UNIQUE.subject`) as the distinct visitors of its page, listener and download rows, so
 * one visitor counts once a day whatever they did (issue 43). The live report (today's rows) and the
 * rollup (ended days) both count with it.
 */
export const rawUniques = (where: SQL) => sql`(
  select day, ${metricName} as metric, item, count(*)::int as visitors
  from insight_visitors where ${where} group by day, insight_visitors.metric, item
  union all
  select day, ${UNIQUE.site}::text, '', count(distinct visitor)::int
  from insight_visitors where ${where} and metric = ${sql.raw(String(UNIQUE_CODE.page))} group by day
  union all
  select day, ${UNIQUE.subject}::text, subject, count(distinct visitor)::int
  from (select day, visitor, ${subjectOf} as subject from insight_visitors
        where ${where} and metric in (${sql.raw([UNIQUE_CODE.page, UNIQUE_CODE.listener, UNIQUE_CODE.download].join(", "))})) s
  where subject is not null group by day, subject
)`;
