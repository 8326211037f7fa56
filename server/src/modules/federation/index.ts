// The federation module's public surface: the club and its shows as fediverse accounts (app.ts),
// and Fedify's store and queue on our database (app.ts, the queue's bench).

// The e2e seed records the catalogue's posts as the publication job would (server/src/test).
export { createRepositories } from "./federation";
export { federationRoutes } from "./federation.routes";
export { federationConsoleRoutes } from "./federation-console.routes";
export { DbKvStore } from "./store/db-kv-store";
export { DbMessageQueue } from "./store/db-message-queue";
export { federationStorePurgePlugin } from "./store/store-purge";
export { currentSubjects, digestOf } from "./subjects";
