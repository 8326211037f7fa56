// The newsletter module's public surface: what app.ts, the admin CLI and other modules may use.

export { archiveReads } from "./issues/issue-archive.repository";
export { issuesRoutes } from "./issues/issues.routes";
export { newsletterRoutes } from "./newsletter.routes";
export { createConsoleSubscribersRepository } from "./subscribers-console.repository";
export { subscribersConsoleRoutes } from "./subscribers-console.routes";
