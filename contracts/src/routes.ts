/**
 * The page route table (ARCHITECTURE §3): the client router and the server's 404 decision both read
 * it, so a path is a page on both sides or on neither.
 */
export const pageRoutes = {
  home: "/",
  workingHome: "/working-home",
  oldHome: "/old-home",
  genres: "/genres",
  oldGenres: "/old-genres",
  genreDetail: "/genres/:genre",
  genreByName: "/genre/:name",
  playlists: "/playlists",
  playlistDetail: "/playlist/:id",
  newReleases: "/new-releases",
  releases: "/releases",
  podcasts: "/podcasts",
  oldPodcasts: "/old-podcasts",
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
