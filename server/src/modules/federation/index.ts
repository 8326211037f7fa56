// The federation module (issue 44): the club and its shows as fediverse accounts, on Fedify.

export { federationStorePurgePlugin } from "./store/store-purge";
