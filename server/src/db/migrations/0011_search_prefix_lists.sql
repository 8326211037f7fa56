CREATE TABLE "search_prefix_lists" (
	"prefix" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"n" integer NOT NULL,
	"keys" text[] NOT NULL,
	CONSTRAINT "search_prefix_lists_prefix_kind_source_pk" PRIMARY KEY("prefix","kind","source")
);
--> statement-breakpoint
DROP TABLE "search_prefix_counts" CASCADE;--> statement-breakpoint
DROP TABLE "search_prefixes" CASCADE;--> statement-breakpoint
CREATE INDEX "search_prefix_lists_source_idx" ON "search_prefix_lists" USING btree ("source");--> statement-breakpoint
-- The index is derived data: emptied here, it is written again with its prefix lists on the next start (ensureSearchIndex).
DELETE FROM "search_documents";
