CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"image" text,
	"href" text NOT NULL,
	"spotify_url" text,
	"popularity" real DEFAULT 0 NOT NULL,
	"recency" timestamp with time zone,
	"title_norm" text NOT NULL,
	"title_compact" text NOT NULL,
	"text_norm" text NOT NULL,
	"words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, text_norm)) STORED,
	CONSTRAINT "search_documents_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "search_documents_source_idx" ON "search_documents" USING btree ("source");--> statement-breakpoint
CREATE INDEX "search_documents_text_trgm_idx" ON "search_documents" USING gin ("text_norm" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "search_documents_compact_trgm_idx" ON "search_documents" USING gin ("title_compact" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words") WITH (gin_pending_list_limit=64);