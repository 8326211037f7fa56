import { integer, pgTable, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";

export const genres = pgTable("genres", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  /** Null: the generated artwork for this genre is used. */
  imageUrl: text("image_url"),
  /** Index into the six-gradient genre palette. */
  colorIndex: smallint("color_index").notNull(),
  /** 0–10; null when the editors have not rated it (the client then shows its fallback). */
  popularity: smallint("popularity"),
  artistCount: integer("artist_count"),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const subgenres = pgTable(
  "subgenres",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    genreId: integer("genre_id")
      .notNull()
      .references(() => genres.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 0–10, shown as a bar of popularity × 10 percent. */
    popularity: smallint("popularity").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [unique("subgenres_genre_name_unique").on(table.genreId, table.name)],
);

export const genreArtists = pgTable("genre_artists", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  genreId: integer("genre_id")
    .notNull()
    .references(() => genres.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  imageUrl: text("image_url"),
  platform: text("platform").notNull(),
  /** Genre labels shown with the artist (the first two are displayed). */
  genres: text("genres").array().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});
