CREATE TABLE "federation_accounts" (
	"key" text PRIMARY KEY NOT NULL,
	"manually_approves" boolean DEFAULT false NOT NULL,
	"key_pairs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_blocks" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_blocks_kind_value_pk" PRIMARY KEY("kind","value"),
	CONSTRAINT "federation_blocks_kind" CHECK ("federation_blocks"."kind" in ('account', 'instance'))
);
--> statement-breakpoint
CREATE TABLE "federation_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"object_id" text NOT NULL,
	"post_id" integer NOT NULL,
	"actor_id" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"profile_url" text,
	"instance" text NOT NULL,
	"body" jsonb NOT NULL,
	"url" text,
	"published_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_comments_object_id_unique" UNIQUE("object_id"),
	CONSTRAINT "federation_comments_state" CHECK ("federation_comments"."state" in ('pending', 'approved', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "federation_delivery_failures" (
	"activity_id" text NOT NULL,
	"inbox" text NOT NULL,
	"instance" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gave_up_at" timestamp with time zone,
	CONSTRAINT "federation_delivery_failures_activity_id_inbox_pk" PRIMARY KEY("activity_id","inbox")
);
--> statement-breakpoint
CREATE TABLE "federation_followers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_followers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_key" text NOT NULL,
	"actor_id" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"instance" text NOT NULL,
	"follow_id" text NOT NULL,
	"state" text DEFAULT 'accepted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_followers_state" CHECK ("federation_followers"."state" in ('pending', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "federation_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_key" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"digest" text NOT NULL,
	"object" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"announced" boolean DEFAULT false NOT NULL,
	CONSTRAINT "federation_posts_kind" CHECK ("federation_posts"."subject_kind" in ('episode', 'issue', 'playlist'))
);
--> statement-breakpoint
CREATE TABLE "federation_reactions" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_reactions_kind" CHECK ("federation_reactions"."kind" in ('like', 'announce'))
);
--> statement-breakpoint
CREATE TABLE "federation_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federation_comments" ADD CONSTRAINT "federation_comments_post_id_federation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."federation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_reactions" ADD CONSTRAINT "federation_reactions_post_id_federation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."federation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_comments_post_idx" ON "federation_comments" USING btree ("post_id","state","published_at");--> statement-breakpoint
CREATE INDEX "federation_comments_state_idx" ON "federation_comments" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "federation_delivery_failures_instance_idx" ON "federation_delivery_failures" USING btree ("instance");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_followers_account_actor_idx" ON "federation_followers" USING btree ("account_key","actor_id");--> statement-breakpoint
CREATE INDEX "federation_followers_instance_idx" ON "federation_followers" USING btree ("instance");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_posts_subject_idx" ON "federation_posts" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "federation_posts_account_idx" ON "federation_posts" USING btree ("account_key","published_at");--> statement-breakpoint
CREATE INDEX "federation_reactions_post_idx" ON "federation_reactions" USING btree ("post_id","kind");