// The federation module's public surface for app.ts: the club and its shows as fediverse accounts,
// what the site's pages show of them (follow box, replies, remote follow), the lookup of episodes'
// posts that the podcasts module's feeds are handed, the console's routes, and Fedify's store and
// queue on our database (also the queue's bench). The e2e seed records the catalogue's posts as
// the publication job would (createRepositories, currentSubjects, digestOf).
export { createEpisodePostLookup } from "./episode-posts";
export { createRepositories } from "./federation";
export { federationRoutes } from "./federation.routes";
export { federationConsoleRoutes } from "./federation-console.routes";
export { fediversePagesRoutes } from "./fediverse-pages.routes";
export { remoteFollowRoutes } from "./remote-follow.routes";
export { DbKvStore } from "./store/db-kv-store";
export { DbMessageQueue } from "./store/db-message-queue";
export { federationStorePurgePlugin } from "./store/store-purge";
export { currentSubjects, digestOf } from "./subjects";
