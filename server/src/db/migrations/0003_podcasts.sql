CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"podcast_id" integer NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"audio_url" text,
	"duration_seconds" integer,
	"published_at" timestamp with time zone,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "podcast_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "podcast_categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "podcast_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "podcast_category_links" (
	"podcast_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "podcast_category_links_podcast_id_category_id_pk" PRIMARY KEY("podcast_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "podcasts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "podcasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"feed_url" text NOT NULL,
	"title" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"host_image_url" text,
	"image_url" text,
	"feed_image_url" text,
	"description" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT 'Apple Podcasts' NOT NULL,
	"external_url" text,
	"publish_frequency" text DEFAULT 'Irregular' NOT NULL,
	"rating_tenths" smallint DEFAULT 40 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_trending" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || host || chr(10) || description)) STORED,
	"category_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"episode_count" integer DEFAULT 0 NOT NULL,
	"latest_episode_id" integer,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcasts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "podcasts_feed_url_unique" UNIQUE("feed_url"),
	CONSTRAINT "podcasts_rating_range" CHECK ("podcasts"."rating_tenths" between 10 and 50)
);
--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_category_links" ADD CONSTRAINT "podcast_category_links_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_category_links" ADD CONSTRAINT "podcast_category_links_category_id_podcast_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."podcast_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_podcast_guid_idx" ON "episodes" USING btree ("podcast_id","guid");--> statement-breakpoint
CREATE INDEX "episodes_published_idx" ON "episodes" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "episodes_podcast_published_idx" ON "episodes" USING btree ("podcast_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "podcast_category_links_category_idx" ON "podcast_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "podcasts_rating_idx" ON "podcasts" USING btree ("rating_tenths");--> statement-breakpoint
CREATE INDEX "podcasts_search_trgm_idx" ON "podcasts" USING gin ("search_text" gin_trgm_ops);