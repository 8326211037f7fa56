/**
 * The page route table: the client router and the server's 404 decision both read it, so a path is a
 * page on both sides or on neither. Every address and what it shows: docs/product.md. Route ids name
 * what a page shows; a legacy address (one the club's earlier site served, kept so that bookmarks,
 * search results and links already shared still open a page) appears only here, with its reason.
 */
export const pageRoutes = {
  home: "/",
  // Legacy: the music hub, at the address the earlier site gave one of its home pages (docs/product.md).
  musicHub: "/working-home",
  // Legacy: the earlier site's static landing page, kept so its links still open it (docs/product.md).
  landing: "/old-home",
  genres: "/genres",
  // Legacy: the earlier site's genre grid, kept beside the explorer that took /genres (docs/product.md).
  genreGrid: "/old-genres",
  // Legacy: the genre page's address in the earlier site's route table; links use /genre/:name.
  genreDetail: "/genres/:genre",
  // The genre page's own address: the singular form every genre card and tile links to (docs/product.md).
  genreByName: "/genre/:name",
  playlists: "/playlists",
  playlistDetail: "/playlist/:id",
  newReleases: "/new-releases",
  // Legacy: the landing page's link to all new releases; the same page as /new-releases (docs/product.md).
  releases: "/releases",
  podcasts: "/podcasts",
  // Legacy: the earlier site's podcasts page and its simulated player, kept at its address (docs/product.md).
  clubPodcasts: "/old-podcasts",
  podcastsDiscovery: "/podcasts-discovery",
  podcastShow: "/podcasts/:show",
  podcastEpisode: "/podcasts/:show/:episode",
  search: "/search",
  merchandise: "/merchandise",
  streamingPartners: "/streaming-partners",
  artistSpotlight: "/artist-spotlight",
  about: "/about",
  charts: "/charts",
  playlistCreator: "/playlist-creator",
  spotifyTest: "/spotify-test",
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  newsletterIssues: "/newsletter/issues",
  newsletterIssue: "/newsletter/issues/:slug",
  privacy: "/privacy",
} as const;

export type PageRouteId = keyof typeof pageRoutes;

type PatternOf<Id extends PageRouteId> = (typeof pageRoutes)[Id];

/** A page whose path has no parameters (`/playlists`, not `/playlist/:id`). */
export type StaticPageId = {
  [Id in PageRouteId]: PatternOf<Id> extends `${string}:${string}` ? never : Id;
}[PageRouteId];

export function isStaticPageId(id: string): id is StaticPageId {
  return Object.hasOwn(pageRoutes, id) && !pageRoutes[id as PageRouteId].includes(":");
}
