ALTER TABLE "episodes" ADD COLUMN "chapters_url" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcripts" jsonb;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "soundbites" jsonb;