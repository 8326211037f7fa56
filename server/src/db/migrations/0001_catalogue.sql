CREATE TABLE "advertisements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cta_text" text NOT NULL,
	"cta_url" text NOT NULL,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"weight" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "advertisements_slug_unique" UNIQUE("slug"),
	CONSTRAINT "advertisements_cta_url_http" CHECK ("advertisements"."cta_url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "genre_artists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "genre_artists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"genre_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"platform" text NOT NULL,
	"genres" text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "genre_artists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "subgenres" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subgenres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"genre_id" integer NOT NULL,
	"name" text NOT NULL,
	"popularity" smallint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subgenres_genre_name_unique" UNIQUE("genre_id","name")
);
--> statement-breakpoint
CREATE TABLE "playlist_tracks" (
	"playlist_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"spotify_uri" text,
	CONSTRAINT "playlist_tracks_playlist_id_position_pk" PRIMARY KEY("playlist_id","position")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "playlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"genre_id" integer NOT NULL,
	"platform" text NOT NULL,
	"curator" text NOT NULL,
	"external_url" text NOT NULL,
	"platform_id" text,
	"published_on" date NOT NULL,
	"updated_on" date NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"image_url" text,
	"release_date" date NOT NULL,
	"track_count" integer NOT NULL,
	"platform" text NOT NULL,
	"external_url" text NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	CONSTRAINT "releases_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "site_images" (
	"name" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "genres" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "genre_artists" ADD CONSTRAINT "genre_artists_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subgenres" ADD CONSTRAINT "subgenres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlists_genre_id_idx" ON "playlists" USING btree ("genre_id");