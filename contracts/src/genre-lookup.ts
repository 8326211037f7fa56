// Finding a genre by the name or slug a URL gives: no schema, so a page can use it without zod.
// It imports nothing (genres.ts re-exports it), so it asks only for the fields it compares.

/**
 * How a page or a request names a genre: by its name in any case, or by its slug, with spaces
 * around it ignored. The key both sides compare; the server's lookup and the genre page use it.
 */
export const genreLookupKey = (nameOrSlug: string): string => nameOrSlug.trim().toLowerCase();

/** The genre a URL names (see genreLookupKey), or undefined. A genre read without a slug matches by name. */
export function findGenreByNameOrSlug<G extends { name: string; slug?: string }>(
  genres: readonly G[],
  nameOrSlug: string,
): G | undefined {
  const key = genreLookupKey(nameOrSlug);
  return genres.find((genre) => genreLookupKey(genre.name) === key || genre.slug === key);
}
