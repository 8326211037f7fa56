import * as z from "zod/mini";

/** Streaming platforms a playlist or release can live on; any other platform shows no icon. */
export const PLAYLIST_PLATFORMS = ["Spotify", "Apple Music", "YouTube Music"] as const;
export const PlaylistPlatformSchema = z.enum(PLAYLIST_PLATFORMS);
export type PlaylistPlatform = z.infer<typeof PlaylistPlatformSchema>;

/** A calendar date as text, YYYY-MM-DD. */
export const IsoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const IMAGE_URL_MESSAGE = "must be a path on this site (one leading /) or an http(s):// address";

/**
 * Same-site paths (our generated artwork) or http(s) addresses; never javascript: or data:. A path
 * is never one a browser reads as another host: browsers read `\` as `/` and drop tabs and line
 * breaks, so `/\host`, `\\host` and `/<tab>/host` are `//host`. A path holds no backslash, tab or
 * line break at all, and does not start with `//`.
 */
export const ImageUrlSchema = z
  .string()
  .check(z.regex(/^(?:\/(?!\/)[^\\\t\n\r]*$|https?:\/\/)/, IMAGE_URL_MESSAGE));

export const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** Path parameter that names a catalogue item by numeric id or slug. */
export const IdOrSlugParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});
