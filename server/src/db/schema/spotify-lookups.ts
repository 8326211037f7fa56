import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the background resolver learnt from Spotify's search, one row per title and artist as the
 * catalogue spells them: the uri found, or null for "not found" (asked again once `lookedUpAt` is
 * old enough). Playlists that share a song share its row, so Spotify is asked once.
 */
export const spotifyLookups = pgTable(
  "spotify_lookups",
  {
    /** "track" (playlist tracks) or "album" (releases). */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    /** spotify:track:… or spotify:album:…; null when the search found no match. */
    uri: text("uri"),
    lookedUpAt: timestamp("looked_up_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.title, table.artist] })],
);
