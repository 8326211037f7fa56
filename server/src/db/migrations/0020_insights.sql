CREATE TABLE "insight_counts" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"item" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "insight_counts_day_metric_item_pk" PRIMARY KEY("day","metric","item")
);
--> statement-breakpoint
CREATE TABLE "insight_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_uniques" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"item" text NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "insight_uniques_day_metric_item_pk" PRIMARY KEY("day","metric","item")
);
--> statement-breakpoint
CREATE TABLE "insight_visitors" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"item" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "insight_visitors_day_metric_item_visitor_pk" PRIMARY KEY("day","metric","item","visitor")
);
