// The newsletter module's public surface: what app.ts, the admin CLI and other modules may use.

export { issuesRoutes } from "./issues/issues.routes";
export { newsletterRoutes } from "./newsletter.routes";
export { createConsoleSubscribersRepository } from "./subscribers-console.repository";
export { subscribersConsoleRoutes } from "./subscribers-console.routes";
