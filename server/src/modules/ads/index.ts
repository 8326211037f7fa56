// The ads module's public surface: what app.ts, the admin CLI and other modules may use.

export { adsRoutes } from "./ads.routes";
export { type AdToSchedule, createAdsAdminRepository, listAdsById } from "./ads-admin.repository";
export { adsAdminRoutes } from "./ads-admin.routes";
