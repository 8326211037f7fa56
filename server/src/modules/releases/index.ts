// The releases module's public surface: what app.ts and other modules may use.

export { releasesRoutes } from "./releases.routes";
// The one write path for releases (console API, CLI): see releases.writes.ts.
export * as releaseWrites from "./releases.writes";
export { releasesConsoleRoutes } from "./releases-console.routes";
