import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, primaryKey, real, text, timestamp } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The site search's index (docs/decisions/0011): one row per thing a visitor can open. The text
 * columns hold text already normalised by modules/search/search-text.ts; each writer replaces the
 * rows of its `source` in its own transaction.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    /** playlist, track, artist, genre, release, podcast, episode, merchandise or page. */
    kind: text("kind").notNull(),
    /** The item's id or slug within its kind. */
    key: text("key").notNull(),
    /** The write that owns the row: `catalogue`, `podcast:<id>` or `editorial`. */
    source: text("source").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    image: text("image"),
    /** The site path of the item's page. */
    href: text("href").notNull(),
    /** Tracks: where to listen on Spotify. */
    spotifyUrl: text("spotify_url"),
    popularity: real("popularity").notNull().default(0),
    recency: timestamp("recency", { withTimezone: true }),
    titleNorm: text("title_norm").notNull(),
    titleCompact: text("title_compact").notNull(),
    /** The title and every field the item is found by, normalised, one field per line. */
    textNorm: text("text_norm").notNull(),
    /** The names a typo should still find (a track's or release's artist, a show's host), normalised. */
    namesNorm: text("names_norm").notNull().default(""),
    words: tsvector("words").generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, text_norm)`),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.key] }),
    index("search_documents_source_idx").on(table.source),
    // Small pending lists, as for the podcast search (migration 0004): PGlite never vacuums. The
    // writers merge them before they commit (search-index.ts, db/gin-pending-lists.ts).
    index("search_documents_text_trgm_idx")
      .using("gin", sql`${table.textNorm} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    // Typos are matched against the title only (migration 0008): word similarity costs by the
    // length of the text, and the whole text (episode descriptions) made every search scan slowly.
    index("search_documents_title_trgm_idx")
      .using("gin", sql`${table.titleNorm} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    index("search_documents_compact_trgm_idx")
      .using("gin", sql`${table.titleCompact} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    index("search_documents_words_idx").using("gin", table.words).with({ gin_pending_list_limit: 64 }),
    // Typos in names (migration 0010): 'kendrik lamar' finds Kendrick Lamar's tracks.
    index("search_documents_names_trgm_idx")
      .using("gin", sql`${table.namesNorm} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
  ],
);

/**
 * Queries of one to three letters (migrations 0010, 0011): for each start (1–3 letters) of a word
 * of a title, or of a title without spaces, the first documents holding it per kind and source,
 * in the order results are shown, and how many there are; a search reads a few short lists instead
 * of ranking every document holding the letters. Written with the documents (search-prefixes.ts).
 */
export const searchPrefixLists = pgTable(
  "search_prefix_lists",
  {
    prefix: text("prefix").notNull(),
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    /** How many documents of this kind and source hold the prefix. */
    n: integer("n").notNull(),
    /** The keys of the first of them (at most PREFIX_LIST_MAX), best first. */
    keys: text("keys").array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.prefix, table.kind, table.source] }),
    index("search_prefix_lists_source_idx").on(table.source),
  ],
);
