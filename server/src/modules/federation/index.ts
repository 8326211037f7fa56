// The federation module's public surface for app.ts: the club and its shows as fediverse accounts,
// what the site's pages show of them (follow box, replies, remote follow), and the lookup of
// episodes' posts that the podcasts module's feeds are handed.
export { createEpisodePostLookup } from "./episode-posts";
export { type FederationHandle, federationRoutes } from "./federation.routes";
export { fediversePagesRoutes } from "./fediverse-pages.routes";
export { remoteFollowRoutes } from "./remote-follow.routes";
