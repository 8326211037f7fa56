import type { EpisodeChapter, ShowNoteParagraph, TranscriptCue } from "@waveform/contracts/podcast-pages";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FeedSoundbite, FeedTranscript } from "../../integrations/feeds/parsed-feed";

export const podcastCategories = pgTable("podcast_categories", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  imageUrl: text("image_url"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * One row per RSS/Atom feed. Catalogue facts the feed does not carry (platform, rating, flags,
 * categories) are kept here too; the fetch bookkeeping (ETag, Last-Modified, last error) lets a
 * refresh ask for changes only and lets an operator see why a feed failed.
 */
export const podcasts = pgTable(
  "podcasts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    /** Where the feed is read from: an http(s) address, or `file:` + a path for seed/local feeds. */
    feedUrl: text("feed_url").notNull().unique(),
    title: text("title").notNull(),
    host: text("host").notNull().default(""),
    hostImageUrl: text("host_image_url"),
    /** Artwork the site shows (same-site); null → generated artwork. */
    imageUrl: text("image_url"),
    /**
     * The feed's own artwork address, kept for the record. It is not shown: images come from our
     * origin only (CSP img-src 'self', and the site must look complete offline).
     */
    feedImageUrl: text("feed_image_url"),
    description: text("description").notNull().default(""),
    platform: text("platform").notNull().default("Apple Podcasts"),
    externalUrl: text("external_url"),
    publishFrequency: text("publish_frequency").notNull().default("Irregular"),
    /** Rating × 10 (1.0–5.0 → 10–50), so filters compare whole numbers. */
    ratingTenths: smallint("rating_tenths").notNull().default(40),
    isNew: boolean("is_new").notNull().default(false),
    isTrending: boolean("is_trending").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    /**
     * What a search matches: title, host and description, lower-cased, one per line so a search
     * never matches across two fields. Stored, and trigram-indexed below.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(title || chr(10) || host || chr(10) || description)`,
    ),
    /**
     * The linked categories' names in category order, kept in step with the links: listings show
     * it and the category filter matches it (GIN-indexed below).
     */
    categoryNames: text("category_names").array().notNull().default(sql`'{}'::text[]`),
    /** Kept in step with the episodes by ingestion, so listings need no aggregate. */
    episodeCount: integer("episode_count").notNull().default(0),
    latestEpisodeId: integer("latest_episode_id"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("podcasts_rating_range", sql`${table.ratingTenths} between 10 and 50`),
    index("podcasts_rating_idx").on(table.ratingTenths),
    // The GIN indexes keep a small pending list (64 kB, the least allowed, instead of 4 MB): every
    // search reads the whole list, and only (auto)vacuum or a write that overflows it merges it,
    // and PGlite never vacuums, so the feed writer merges it before it commits
    // (db/gin-pending-lists.ts). Merging in batches still keeps writes cheap (fastupdate off made
    // the bench's 10,000-podcast fill 1.7× slower for the same search times).
    index("podcasts_search_trgm_idx")
      .using("gin", sql`${table.searchText} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    // The listing order (podcastListingOrder in modules/podcasts/podcast-order.ts), so a page is
    // the first rows of an index walk, not a sort of every match. NULLS FIRST is what a plain DESC
    // in ORDER BY means; without it the planner would not use this index for that order.
    index("podcasts_listing_order_idx").on(
      table.isFeatured.desc().nullsFirst(),
      table.ratingTenths.desc().nullsFirst(),
      table.title,
      table.id,
    ),
    index("podcasts_category_names_idx")
      .using("gin", table.categoryNames)
      .with({ gin_pending_list_limit: 64 }),
  ],
);

export const podcastCategoryLinks = pgTable(
  "podcast_category_links",
  {
    podcastId: integer("podcast_id")
      .notNull()
      .references(() => podcasts.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => podcastCategories.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.podcastId, table.categoryId] }),
    index("podcast_category_links_category_idx").on(table.categoryId),
  ],
);

export const episodes = pgTable(
  "episodes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    podcastId: integer("podcast_id")
      .notNull()
      .references(() => podcasts.id, { onDelete: "cascade" }),
    /** The item's guid, or its enclosure URL when the feed gives no guid. */
    guid: text("guid").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Paragraphs of text and https links from the feed's HTML (null: not read since this column came). */
    showNotes: jsonb("show_notes").$type<ShowNoteParagraph[]>(),
    audioUrl: text("audio_url"),
    durationSeconds: integer("duration_seconds"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    imageUrl: text("image_url"),
    /** The feed's podcast:chapters address (JSON chapters): http(s), or a site path for the club's shows. */
    chaptersUrl: text("chapters_url"),
    /** The feed's podcast:transcript links (null: not read since this column came). */
    transcripts: jsonb("transcripts").$type<FeedTranscript[]>(),
    /** The feed's podcast:soundbite parts (null: not read since this column came). */
    soundbites: jsonb("soundbites").$type<FeedSoundbite[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("episodes_podcast_guid_idx").on(table.podcastId, table.guid),
    index("episodes_published_idx").on(table.publishedAt.desc().nullsLast(), table.id.desc()),
    index("episodes_podcast_published_idx").on(table.podcastId, table.publishedAt.desc().nullsLast()),
  ],
);

/**
 * The chapters and transcript a web show's episode links (podcast:chapters, podcast:transcript),
 * fetched by the feed refresh job and kept parsed (decision 0027): one row per episode and kind,
 * for the address it was read from. A failed read keeps its error and no content, and is tried
 * again a day later or when the feed links another address. The club's own episodes read their
 * committed files instead (modules/podcast-timed-text).
 */
export const episodeTimedText = pgTable(
  "episode_timed_text",
  {
    episodeId: integer("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"chapters" | "transcript">().notNull(),
    /** The address read (the episode's chaptersUrl, or the transcript link chosen). */
    sourceUrl: text("source_url").notNull(),
    /** Chapters (EpisodeChapter[]) or cues (TranscriptCue[]); null when the read failed. */
    content: jsonb("content").$type<EpisodeChapter[] | TranscriptCue[]>(),
    /** Why the read failed (null when it did not). */
    error: text("error"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.episodeId, table.kind] }),
    check("episode_timed_text_kind_check", sql`${table.kind} in ('chapters', 'transcript')`),
  ],
);
