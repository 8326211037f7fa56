CREATE TABLE "federation_kv" (
	"key" text collate "C" PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"message" jsonb NOT NULL,
	"ordering_key" text,
	"parent_id" bigint,
	"parent_seq" integer,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "federation_kv_expires_at" ON "federation_kv" USING btree ("expires_at") WHERE expires_at is not null;--> statement-breakpoint
CREATE INDEX "federation_messages_waiting" ON "federation_messages" USING btree ("queue","available_at","id") WHERE done_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "federation_messages_ordering" ON "federation_messages" USING btree ("queue","ordering_key","id") WHERE ordering_key is not null and done_at is null and failed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_messages_parent" ON "federation_messages" USING btree ("parent_id","parent_seq");--> statement-breakpoint
CREATE INDEX "federation_messages_done_at" ON "federation_messages" USING btree ("done_at") WHERE done_at is not null;--> statement-breakpoint
CREATE INDEX "federation_messages_failed_at" ON "federation_messages" USING btree ("failed_at") WHERE failed_at is not null;