import { boolean, date, integer, pgTable, text } from "drizzle-orm/pg-core";

export const releases = pgTable("releases", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  artist: text("artist").notNull(),
  imageUrl: text("image_url"),
  releaseDate: date("release_date").notNull(),
  trackCount: integer("track_count").notNull(),
  platform: text("platform").notNull(),
  externalUrl: text("external_url").notNull(),
  isNew: boolean("is_new").notNull().default(false),
  /** spotify:album:…, set by the background resolver when Spotify is configured. */
  spotifyUri: text("spotify_uri"),
});
