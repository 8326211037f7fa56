import { integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

export const genres = pgTable("genres", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  /** Index into the six-gradient genre palette (SPEC §9). */
  colorIndex: smallint("color_index").notNull(),
  /** 0–10; null when the editors have not rated it (the client then shows its fallback). */
  popularity: smallint("popularity"),
  artistCount: integer("artist_count"),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
