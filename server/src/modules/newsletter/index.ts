// The newsletter module's public surface: what app.ts, the admin CLI and other modules may use.
export { newsletterRoutes } from "./newsletter.routes";
export { createSubscribersAdminRepository } from "./subscribers-admin.repository";
export { subscribersAdminRoutes } from "./subscribers-admin.routes";
