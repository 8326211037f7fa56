DROP INDEX "podcasts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "podcasts_listing_order_idx" ON "podcasts" USING btree ("is_featured" DESC NULLS FIRST,"rating_tenths" DESC NULLS FIRST,"title","id");--> statement-breakpoint
CREATE INDEX "podcasts_category_names_idx" ON "podcasts" USING gin ("category_names") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "podcasts_search_trgm_idx" ON "podcasts" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=64);