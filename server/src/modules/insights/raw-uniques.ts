import { and, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { insightVisitors } from "../../db/schema";
import { UNIQUE, UNIQUE_CODE } from "./insights-buffer";

const { day, visitor, metric, item } = insightVisitors;

/** `insight_visitors.metric` (a code) as the name `insight_uniques` and the report use. */
const metricName = sql<string>`case ${metric} ${sql.raw(
  Object.entries(UNIQUE_CODE)
    .map(([name, code]) => `when ${Number(code)} then '${UNIQUE[name as keyof typeof UNIQUE_CODE]}'`)
    .join(" "),
)} end`;

const isPage = sql`${metric} = ${sql.raw(String(UNIQUE_CODE.page))}`;

/**
 * What a raw row is about, for trending (`UNIQUE.subject`): a playlist's, a show's or an episode's
 * page (its path, as counted: only pages that exist, under their real path, page-paths.ts), an
 * episode's listeners and downloads; null for anything else.
 */
const subjectOf = sql<string | null>`case
  when ${isPage} and ${item} ~ '^/playlist/[1-9][0-9]{0,9}$' then 'playlist:' || substring(${item} from 11)
  when ${isPage} and ${item} ~ '^/podcasts/[^/]+/[1-9][0-9]{0,9}$' then 'episode:' || substring(${item} from '[0-9]+$')
  when ${isPage} and ${item} ~ '^/podcasts/[^/]+$' then 'show:' || substring(${item} from 11)
  when ${metric} = ${sql.raw(String(UNIQUE_CODE.listener))} then 'episode:' || ${item}
  when ${metric} = ${sql.raw(String(UNIQUE_CODE.download))} then 'episode:' || split_part(${item}, ':', 1)
end`;

/** Which raw rows to count, as a condition on their day. */
type RawDays = (rowDay: typeof insightVisitors.day) => SQL | undefined;

/**
 * Unique visitors per day, thing (`metric`, by name) and item, counted from the raw rows of
 * `insight_visitors` on the days `days` selects: one row per visitor and thing, and the site's
 * (item '') as the distinct visitors of the day's `page` rows (the site has no rows of its own), and
 * each subject's (`UNIQUE.subject`) as the distinct visitors of its page, listener and download
 * rows, so one visitor counts once a day whatever they did. The live report (today's rows) and the
 * rollup (ended days) both count with it. Its columns are those of `insight_uniques`.
 */
export function rawUniques(db: Database, days: RawDays) {
  const where = days(day);
  const subjects = db
    .select({ day, visitor, subject: subjectOf.as("subject") })
    .from(insightVisitors)
    .where(and(where, inArray(metric, [UNIQUE_CODE.page, UNIQUE_CODE.listener, UNIQUE_CODE.download])))
    .as("s");
  return unionAll(
    db
      .select({
        day,
        metric: metricName.as("metric"),
        item,
        visitors: sql<number>`count(*)::int`.as("visitors"),
      })
      .from(insightVisitors)
      .where(where)
      .groupBy(day, metric, item),
    db
      .select({
        day,
        metric: sql<string>`${UNIQUE.site}::text`,
        item: sql<string>`''`,
        visitors: sql<number>`count(distinct ${visitor})::int`,
      })
      .from(insightVisitors)
      .where(and(where, isPage))
      .groupBy(day),
    db
      .select({
        day: subjects.day,
        metric: sql<string>`${UNIQUE.subject}::text`,
        item: sql<string>`${subjects.subject}`,
        visitors: sql<number>`count(distinct ${subjects.visitor})::int`,
      })
      .from(subjects)
      .where(isNotNull(subjects.subject))
      .groupBy(subjects.day, subjects.subject),
  );
}
