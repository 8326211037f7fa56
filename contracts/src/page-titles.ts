import { isStaticPageId, type PageRouteId, pageRoutes, type StaticPageId } from "./routes";

/**
 * The short name of every page of the route table, in one place: the client's `<title>`, the
 * server's link-preview cards (`/og/page/<routeId>.png`) and anything else that names a page read it.
 * Data pages (a playlist, a genre) are named after their item; their entry is the fallback.
 */
export const pageTitles = {
  home: "Home",
  musicHub: "Music Hub",
  landing: "Discover Your Next Favorite Sound",
  genres: "Genre Explorer",
  genreGrid: "Explore Genres",
  genreDetail: "Genre",
  genreByName: "Genre",
  playlists: "Playlists",
  playlistDetail: "Playlist",
  newReleases: "New Releases",
  releases: "New Releases",
  podcasts: "Music Podcasts",
  clubPodcasts: "Podcasts",
  podcastsDiscovery: "Podcast Discovery",
  podcastShow: "Podcast",
  podcastEpisode: "Episode",
  search: "Search",
  merchandise: "Merchandise",
  streamingPartners: "Streaming Partners",
  artistSpotlight: "Artist Spotlight",
  about: "About",
  charts: "Music Charts",
  playlistCreator: "Playlist Creator",
  spotifyTest: "Spotify Connection Test",
  newsletterConfirm: "Confirm your subscription",
  newsletterUnsubscribe: "Unsubscribe from the newsletter",
  newsletterIssues: "Newsletter archive",
  newsletterIssue: "Newsletter issue",
  privacy: "Privacy Policy",
} as const satisfies Record<PageRouteId, string>;

/** Every static page, in route-table order. */
export const staticPageIds: readonly StaticPageId[] = Object.keys(pageRoutes).filter(isStaticPageId);
