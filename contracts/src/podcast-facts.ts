// The podcast catalogue's fixed facts: platforms, categories, frequencies and limits. Plain values
// with no schema, so a page can use them without loading zod (see podcasts.ts for the shapes).

/** The podcast platforms the site names. */
export const PODCAST_PLATFORMS = ["Spotify", "Apple Podcasts", "Google Podcasts", "SoundCloud"] as const;

/**
 * The category set the site is built around; also what the category filter offers when the
 * categories fail to load.
 */
export const PODCAST_CATEGORY_NAMES = [
  "Interviews",
  "Music Production",
  "Music History",
  "Genre Deep Dives",
  "Music Business",
  "Artist Spotlight",
] as const;

export const PUBLISH_FREQUENCIES = ["Daily", "Weekly", "Biweekly", "Monthly", "Irregular"] as const;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The minimum-rating filter's default. */
export const DEFAULT_MIN_RATING = 4;

/** At most this many podcasts answer one filtered query (best rated first). */
export const PODCAST_RESULT_LIMIT = 100;
/** How many recent episodes the summary carries. */
export const RECENT_EPISODE_LIMIT = 10;
