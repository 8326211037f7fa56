import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const advertisements = pgTable(
  "advertisements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    ctaText: text("cta_text").notNull(),
    ctaUrl: text("cta_url").notNull(),
    imageUrl: text("image_url"),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Higher weight wins when several advertisements are live. */
    weight: integer("weight").notNull().default(1),
  },
  (table) => [check("advertisements_cta_url_http", sql`${table.ctaUrl} ~ '^https?://'`)],
);
