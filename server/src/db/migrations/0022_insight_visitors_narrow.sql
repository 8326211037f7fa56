-- insight_visitors narrowed (decision 0022, "Narrow visitor rows"): the hash as a bigint (its 16 hex
-- digits as a signed 64-bit integer), what was counted as a smallint code (insights-buffer.ts
-- UNIQUE_CODE: page 1, listener 2, download 3), the key (day, visitor, metric, item). The site's own
-- rows go: its visitors are the distinct visitors of the day's page rows. Today's rows are converted.
ALTER TABLE "insight_visitors" DROP CONSTRAINT "insight_visitors_day_metric_item_visitor_pk";--> statement-breakpoint
DELETE FROM "insight_visitors" WHERE "metric" NOT IN ('page', 'listener', 'download') OR "visitor" !~ '^[0-9a-f]{16}$';--> statement-breakpoint
ALTER TABLE "insight_visitors" ALTER COLUMN "metric" SET DATA TYPE smallint USING (CASE "metric" WHEN 'page' THEN 1 WHEN 'listener' THEN 2 WHEN 'download' THEN 3 END);--> statement-breakpoint
ALTER TABLE "insight_visitors" ALTER COLUMN "visitor" SET DATA TYPE bigint USING (('x' || "visitor")::bit(64)::bigint);--> statement-breakpoint
ALTER TABLE "insight_visitors" ADD CONSTRAINT "insight_visitors_day_visitor_metric_item_pk" PRIMARY KEY("day","visitor","metric","item");
