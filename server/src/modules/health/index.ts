// The health module's public surface: what app.ts and other modules may use.
export { healthRoutes } from "./health.routes";
