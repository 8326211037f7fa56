import { pgTable, text } from "drizzle-orm/pg-core";

/** Addresses of the site-wide images (hero, platforms, newsletter background). */
export const siteImages = pgTable("site_images", {
  name: text("name").primaryKey(),
  url: text("url").notNull(),
});
