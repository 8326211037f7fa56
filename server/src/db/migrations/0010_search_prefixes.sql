CREATE TABLE "search_prefix_counts" (
	"prefix" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_prefix_counts_prefix_kind_source_pk" PRIMARY KEY("prefix","kind","source")
);
--> statement-breakpoint
CREATE TABLE "search_prefixes" (
	"prefix" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"source" text NOT NULL,
	"tier" smallint NOT NULL,
	"popularity" real NOT NULL,
	"recency" timestamp with time zone,
	"title" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "names_norm" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_prefix_counts_source_idx" ON "search_prefix_counts" USING btree ("source");--> statement-breakpoint
CREATE INDEX "search_prefixes_rank_idx" ON "search_prefixes" USING btree ("prefix","kind","tier","popularity" DESC NULLS LAST,"recency" DESC NULLS LAST,"title","key");--> statement-breakpoint
CREATE INDEX "search_prefixes_source_idx" ON "search_prefixes" USING btree ("source");--> statement-breakpoint
CREATE INDEX "search_documents_names_trgm_idx" ON "search_documents" USING gin ("names_norm" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
-- The index is derived data: emptied here, it is written again with names and prefixes on the next start (ensureSearchIndex).
DELETE FROM "search_documents";
