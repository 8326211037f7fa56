// The federation module's public surface: the club and its shows as fediverse accounts (app.ts),
// and Fedify's store and queue on our database (app.ts, the queue's bench).
export { type FederationHandle, federationRoutes } from "./federation.routes";
export { DbKvStore } from "./store/db-kv-store";
export { DbMessageQueue } from "./store/db-message-queue";
export { federationStorePurgePlugin } from "./store/store-purge";
