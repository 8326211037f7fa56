import { CONSOLE_HOME } from "./console-home";

/**
 * The curator console's pages (issue 18), apart from the public route table: they are never
 * indexed (noindex, left out of the sitemap, disallowed in robots.txt) and need an operator
 * session. The client's console router and the server's page serving both read this table.
 */
export const consoleRoutes = {
  consoleHome: CONSOLE_HOME,
  consoleSignIn: "/admin/sign-in",
  consoleSetPassword: "/admin/set-password",
  consoleAccount: "/admin/account",
  consoleActivity: "/admin/activity",
  consoleOperators: "/admin/operators",
  consolePlaylists: "/admin/playlists",
  consolePlaylistNew: "/admin/playlists/new",
  consolePlaylistEdit: "/admin/playlists/:id",
  consoleReleases: "/admin/releases",
  consoleGenres: "/admin/genres",
  consoleGenreEdit: "/admin/genres/:id",
  consolePodcasts: "/admin/podcasts",
  consoleAds: "/admin/ads",
  consoleSubscribers: "/admin/subscribers",
  consoleNewsletter: "/admin/newsletter",
  consoleNewsletterIssue: "/admin/newsletter/:id",
  consoleInsights: "/admin/insights",
  consoleFediverse: "/admin/fediverse",
} as const;

export type ConsoleRouteId = keyof typeof consoleRoutes;

/** Pages an operator may open without a session. */
export const publicConsoleRoutes: readonly ConsoleRouteId[] = ["consoleSignIn", "consoleSetPassword"];

/** Pages (and their APIs) only an admin may use; editors get 403. */
export const adminOnlyConsoleRoutes: readonly ConsoleRouteId[] = [
  "consoleOperators",
  "consoleAds",
  "consoleSubscribers",
  "consoleFediverse",
];
