import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { genres } from "./genres";

export const playlists = pgTable(
  "playlists",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    genreId: integer("genre_id")
      .notNull()
      .references(() => genres.id, { onDelete: "restrict" }),
    platform: text("platform").notNull(),
    curator: text("curator").notNull(),
    externalUrl: text("external_url").notNull(),
    platformId: text("platform_id"),
    publishedOn: date("published_on").notNull(),
    updatedOn: date("updated_on").notNull(),
    isNew: boolean("is_new").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    /** A draft made in the curator console is false until published; only published ones are public. */
    published: boolean("published").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("playlists_genre_id_idx").on(table.genreId)],
);

export const playlistTracks = pgTable(
  "playlist_tracks",
  {
    playlistId: integer("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    spotifyUri: text("spotify_uri"),
  },
  (table) => [primaryKey({ columns: [table.playlistId, table.position] })],
);
