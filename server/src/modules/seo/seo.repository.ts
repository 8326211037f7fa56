import { and, asc, eq, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { episodes, genres, newsletterIssues, playlists, podcasts, releases } from "../../db/schema";

/** A W3C datetime (sitemaps' lastmod): a date, or a UTC time to the second. */
const w3cTime = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The few columns the sitemap and the link-preview images read, straight from the tables: the
 * modules' repositories build whole contract objects (track counts, image addresses), which a list
 * of every address, or one card, does not need.
 */
export function createSeoRepository(db: Database) {
  return {
    /** Every published playlist's id with the date its editors last updated it (no drafts). */
    async playlists(): Promise<{ id: number; lastmod: string }[]> {
      return db
        .select({ id: playlists.id, lastmod: playlists.updatedOn })
        .from(playlists)
        .where(eq(playlists.published, true))
        .orderBy(asc(playlists.sortOrder), asc(playlists.id));
    },

    async genres(): Promise<{ name: string; lastmod: string }[]> {
      const rows = await db
        .select({ name: genres.name, updatedAt: genres.updatedAt })
        .from(genres)
        .orderBy(asc(genres.sortOrder), asc(genres.name));
      return rows.map((row) => ({ name: row.name, lastmod: w3cTime(row.updatedAt) }));
    },

    async podcasts(): Promise<{ slug: string; lastmod: string }[]> {
      const rows = await db
        .select({ slug: podcasts.slug, updatedAt: podcasts.updatedAt })
        .from(podcasts)
        .orderBy(asc(podcasts.id));
      return rows.map((row) => ({ slug: row.slug, lastmod: w3cTime(row.updatedAt) }));
    },

    async episodes(): Promise<{ showSlug: string; id: number; lastmod: string }[]> {
      const rows = await db
        .select({ showSlug: podcasts.slug, id: episodes.id, updatedAt: episodes.updatedAt })
        .from(episodes)
        .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
        .orderBy(asc(episodes.podcastId), asc(episodes.id));
      return rows.map((row) => ({ showSlug: row.showSlug, id: row.id, lastmod: w3cTime(row.updatedAt) }));
    },

    /** Published newsletter issues (sending began; never drafts or scheduled ones), oldest first. */
    async newsletterIssues(): Promise<{ slug: string; lastmod: string }[]> {
      const rows = await db
        .select({ slug: newsletterIssues.slug, publishedAt: newsletterIssues.publishedAt })
        .from(newsletterIssues)
        .where(sql`${newsletterIssues.publishedAt} is not null`)
        .orderBy(asc(newsletterIssues.publishedAt));
      return rows.map((row) => ({ slug: row.slug, lastmod: w3cTime(row.publishedAt as Date) }));
    },

    /** The newest release date that has come (announced releases do not date the page), or null. */
    async newestReleaseDate(): Promise<string | null> {
      const [row] = await db
        .select({ newest: max(releases.releaseDate) })
        .from(releases)
        .where(sql`${releases.releaseDate} <= current_date`);
      return row?.newest ?? null;
    },

    async playlistCard(id: number) {
      const [row] = await db
        .select({ title: playlists.title, curator: playlists.curator, slug: playlists.slug })
        .from(playlists)
        .where(and(eq(playlists.id, id), eq(playlists.published, true)));
      return row ?? null;
    },

    async genreCard(slug: string) {
      const [row] = await db
        .select({ name: genres.name, description: genres.description, slug: genres.slug })
        .from(genres)
        .where(eq(genres.slug, slug));
      return row ?? null;
    },

    async podcastCard(id: number) {
      const [row] = await db
        .select({ title: podcasts.title, host: podcasts.host, slug: podcasts.slug })
        .from(podcasts)
        .where(eq(podcasts.id, id));
      return row ?? null;
    },

    async releaseCard(id: number) {
      const [row] = await db
        .select({ title: releases.title, artist: releases.artist, slug: releases.slug })
        .from(releases)
        .where(eq(releases.id, id));
      return row ?? null;
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
