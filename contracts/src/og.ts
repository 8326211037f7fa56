import type { StaticPageId } from "./routes";

/**
 * Link-preview images (Open Graph / Twitter cards): `GET /og/<kind>/<key>.png`, a 1200×630 PNG the
 * server draws from the item's generated artwork, its title and the site name (decision 0010).
 */
const OG_IMAGE_KINDS = ["playlist", "genre", "podcast", "release", "page"] as const;
export type OgImageKind = (typeof OG_IMAGE_KINDS)[number];

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** What names the item of each kind: ids for playlists, podcasts and releases, a genre's slug, a page's route id. */
interface OgImageKeys {
  playlist: number;
  genre: string;
  podcast: number;
  release: number;
  page: StaticPageId;
}

/** The image's path on this site; `og:image` wants it absolute, so prefix the site's public URL. */
export function ogImagePath<Kind extends OgImageKind>(kind: Kind, key: OgImageKeys[Kind]): string {
  return `/og/${kind}/${encodeURIComponent(String(key))}.png`;
}
