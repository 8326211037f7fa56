// The ads module's public surface: what app.ts, the admin CLI and other modules may use.

export { adsRoutes } from "./ads.routes";
export { createConsoleAdsRepository, listAdsById } from "./ads-console.repository";
export { adsConsoleRoutes } from "./ads-console.routes";
