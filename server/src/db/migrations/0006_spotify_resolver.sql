CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone DEFAULT now() NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spotify_lookups" (
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"uri" text,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spotify_lookups_kind_title_artist_pk" PRIMARY KEY("kind","title","artist")
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "spotify_uri" text;