// The federation module (issue 44): the club and its shows as fediverse accounts, on Fedify.

export { DbMessageQueue } from "./store/db-message-queue";
export { federationStorePurgePlugin } from "./store/store-purge";
