// The newsletter module's public surface: what app.ts and other modules may use.
export { newsletterRoutes } from "./newsletter.routes";
