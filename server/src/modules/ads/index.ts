// The ads module's public surface: what app.ts and other modules may use.
export { adsRoutes } from "./ads.routes";
