import { type ConsoleRouteId, consoleRoutes } from "@waveform/contracts/console-routes";
import type { RouteObject } from "react-router";
import { lazyScreen, type RouteModule, screenRoute } from "./lazy-route";
import { RouteErrorBoundary } from "./route-error";

/**
 * The curator console's pages (issue 18, decision 0017): one lazily loaded module per page of
 * `contracts/src/console-routes.ts`, each under `./routes/admin/`, so none of the console's code is
 * in the public site's bundle (the layout is a lazy module too).
 *
 * TO ADD A PAGE: add its id and path to console-routes.ts (if it is not there), write
 * `./routes/admin/<page>.tsx` exporting `Component` (its content, using the console's layout and
 * forms from features/console), and add ONE line here: `consoleX: () => import("./routes/admin/x")`.
 * The map is Partial on purpose: an id without a page answers the console's 404 page, so ids can
 * be declared before their pages exist, and the layout's navigation shows only pages that exist
 * (and that the operator's role allows: adminOnlyConsoleRoutes).
 */
const consolePages: Partial<Record<ConsoleRouteId, RouteModule>> = {
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
};

const notFound = lazyScreen(() => import("./routes/admin/not-found"));
const layout = lazyScreen(() => import("./routes/admin/layout"));

/** The console pages that exist, for the layout's navigation. */
export const builtConsolePages = Object.keys(consolePages) as ConsoleRouteId[];

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
      ...(Object.keys(consoleRoutes) as ConsoleRouteId[]).map((id) => {
        const page = consolePages[id];
        return screenRoute(consoleRoutes[id], page ? lazyScreen(page) : notFound);
      }),
      screenRoute(`${consoleRoutes.consoleHome}/*`, notFound),
    ],
  },
];
