import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

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
    // Small pending lists, as for the podcast search (migration 0004): PGlite never vacuums.
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
 * Queries of one to three letters (migration 0010): one row per document and each start (1–3
 * letters) of a word of its title, or of its title without spaces, in the order results are shown,
 * so a search reads `limit` rows of an index instead of ranking every document holding the letters.
 * Written from `search_documents` in the same transaction (search-prefixes.ts).
 */
export const searchPrefixes = pgTable(
  "search_prefixes",
  {
    prefix: text("prefix").notNull(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    source: text("source").notNull(),
    /** 0: the title is the prefix; 1: a word of the title starts with it (search-ranking.ts). */
    tier: smallint("tier").notNull(),
    popularity: real("popularity").notNull(),
    recency: timestamp("recency", { withTimezone: true }),
    title: text("title").notNull(),
  },
  (table) => [
    index("search_prefixes_rank_idx").on(
      table.prefix,
      table.kind,
      table.tier,
      table.popularity.desc(),
      table.recency.desc().nullsLast(),
      table.title,
      table.key,
    ),
    index("search_prefixes_source_idx").on(table.source),
  ],
);

/** How many rows of `search_prefixes` each prefix has, per kind and source: the counts of the answer. */
export const searchPrefixCounts = pgTable(
  "search_prefix_counts",
  {
    prefix: text("prefix").notNull(),
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    n: integer("n").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.prefix, table.kind, table.source] }),
    index("search_prefix_counts_source_idx").on(table.source),
  ],
);
