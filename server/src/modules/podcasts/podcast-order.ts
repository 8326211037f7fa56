import { asc, desc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { episodes } from "../../db/schema";

/**
 * Newest episode first, undated ones last, ties by the newer row: the order of "latest episode"
 * and of the recent-episodes list. Both columns say NULLS LAST so that it is exactly the order of
 * episodes_published_idx (a bare `id desc` would mean NULLS FIRST and not match the index).
 */
export const latestEpisodeFirst: SQL = sql`${episodes.publishedAt} desc nulls last, ${episodes.id} desc nulls last`;

type ListingColumn = AnyPgColumn | SQLWrapper;

/**
 * Podcast listings: featured first, then best rated, then by title (id breaks ties). Takes the
 * columns so that it orders the podcasts table and a subquery over it alike; it is the order of
 * podcasts_listing_order_idx (plain DESC means NULLS FIRST there too).
 */
export function podcastListingOrder(columns: {
  isFeatured: ListingColumn;
  ratingTenths: ListingColumn;
  title: ListingColumn;
  id: ListingColumn;
}): SQL[] {
  return [desc(columns.isFeatured), desc(columns.ratingTenths), asc(columns.title), asc(columns.id)];
}
