<<<<<<< HEAD
// The federation module's public surface: the club and its shows as fediverse accounts (app.ts).
export { type FederationHandle, federationRoutes } from "./federation.routes";
export { DbKvStore } from "./store/db-kv-store";
=======
// The federation module (issue 44): the club and its shows as fediverse accounts, on Fedify.

>>>>>>> h44-store
export { DbMessageQueue } from "./store/db-message-queue";
export { federationStorePurgePlugin } from "./store/store-purge";
