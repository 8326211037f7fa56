CREATE TABLE "episode_timed_text" (
	"episode_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_url" text NOT NULL,
	"content" jsonb,
	"error" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_timed_text_episode_id_kind_pk" PRIMARY KEY("episode_id","kind"),
	CONSTRAINT "episode_timed_text_kind_check" CHECK ("episode_timed_text"."kind" in ('chapters', 'transcript'))
);
--> statement-breakpoint
ALTER TABLE "episode_timed_text" ADD CONSTRAINT "episode_timed_text_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;