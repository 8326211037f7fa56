import { type ConsoleRouteId, consoleRoutes } from "@waveform/contracts/console-routes";
import { type RouteObject, useRoutes } from "react-router";
import { lazyScreen, type RouteModule, screenRoute } from "./lazy-route";
import { RouteErrorBoundary } from "./route-error";

/**
 * The curator console's pages (issue 18, decision 0017): one lazily loaded module per page of
 * `contracts/src/console-routes.ts`, each under `./routes/admin/`. This table is itself loaded
 * lazily (router.tsx loads it for an address under `/admin`), so none of the console's code is in
 * the public site's bundle.
 *
 * TO ADD A PAGE: add its id and path to console-routes.ts, write `./routes/admin/<page>.tsx`
 * exporting `Component` (its content, using the console's layout and forms from features/console),
 * and add ONE line here: `consoleX: () => import("./routes/admin/x")` (the map lists every id, so
 * the type check says when one is missing). Its link in the layout's navigation is in
 * features/console/console-nav.ts (shown to the roles that may open it: adminOnlyConsoleRoutes).
 */
const consolePages: Record<ConsoleRouteId, RouteModule> = {
  consoleHome: () => import("./routes/admin/home"),
  consoleSignIn: () => import("./routes/admin/sign-in"),
  consoleSetPassword: () => import("./routes/admin/set-password"),
  consoleAccount: () => import("./routes/admin/account"),
  consoleActivity: () => import("./routes/admin/activity"),
  consoleOperators: () => import("./routes/admin/operators"),
  consolePlaylists: () => import("./routes/admin/playlists"),
  consolePlaylistNew: () => import("./routes/admin/playlist-new"),
  consolePlaylistEdit: () => import("./routes/admin/playlist-edit"),
  consoleReleases: () => import("./routes/admin/releases"),
  consoleGenres: () => import("./routes/admin/genres"),
  consoleGenreEdit: () => import("./routes/admin/genre-edit"),
  consolePodcasts: () => import("./routes/admin/podcasts"),
  consoleAds: () => import("./routes/admin/ads"),
  consoleSubscribers: () => import("./routes/admin/subscribers"),
  consoleNewsletter: () => import("./routes/admin/newsletter"),
  consoleNewsletterIssue: () => import("./routes/admin/newsletter-issue"),
  consoleInsights: () => import("./routes/admin/insights"),
  consoleFediverse: () => import("./routes/admin/fediverse"),
};

const notFound = lazyScreen(() => import("./routes/admin/not-found"));
const layout = lazyScreen(() => import("./routes/admin/layout"));

/** The console's subtree: its own layout (not the public header and footer), under `/admin`. */
export const consoleRouteObjects: RouteObject[] = [
  {
    path: consoleRoutes.consoleHome,
    element: (
      <RouteErrorBoundary>
        <layout.Screen />
      </RouteErrorBoundary>
    ),
    handle: layout,
    children: [
      ...(Object.keys(consoleRoutes) as ConsoleRouteId[]).map((id) =>
        screenRoute(consoleRoutes[id], lazyScreen(consolePages[id])),
      ),
      screenRoute(`${consoleRoutes.consoleHome}/*`, notFound),
    ],
  },
];

/** The console's screen for the current location (router.tsx renders it for `/admin` addresses). */
export function ConsoleRoutes() {
  return useRoutes(consoleRouteObjects);
}
