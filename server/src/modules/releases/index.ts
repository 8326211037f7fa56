// The releases module's public surface: what app.ts and other modules may use.
export { releasesRoutes } from "./releases.routes";
