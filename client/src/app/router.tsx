import { isConsolePath } from "@waveform/contracts/console-home";
import { type PageRouteId, pageRoutes } from "@waveform/contracts/routes";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { fediverseAccountQuery } from "../features/fediverse/fediverse.queries";
import {
  type LazyScreen,
  lazyScreen,
  type MatchedModule,
  matchedScreens,
  type ScreenModule,
  screenRoute,
} from "./lazy-route";
import { RootLayout } from "./root-layout";
import type { RouteRead } from "./route-data";
import { RouteErrorBoundary } from "./route-error";

/** Every screen's module (`routes/<name>.tsx`): each its own chunk, loaded on first use. */
const screenModules = import.meta.glob<ScreenModule>(["./routes/*.tsx", "!./routes/*.test.tsx"]);

/**
 * The screen of `routes/<name>.tsx`, known by its name: the server names a page's code by the
 * names of its screens (client/page-code.ts).
 */
function screenNamed(name: string): LazyScreen {
  const load = screenModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No screen module routes/${name}.tsx`);
  return lazyScreen(load, name);
}

/** Every page route of the shared table shows one screen, named by its module's file. */
const screens: Record<PageRouteId, string> = {
  home: "home",
  musicHub: "music-hub",
  landing: "landing",
  genres: "genres",
  genreGrid: "genre-grid",
  genreDetail: "genre-detail",
  genreByName: "genre-detail",
  playlists: "playlists",
  playlistDetail: "playlist-detail",
  newReleases: "new-releases",
  releases: "new-releases",
  podcasts: "podcasts",
  clubPodcasts: "club-podcasts",
  podcastsDiscovery: "podcasts-discovery",
  podcastShow: "podcast-show",
  podcastEpisode: "podcast-episode",
  search: "search",
  merchandise: "merchandise",
  streamingPartners: "streaming-partners",
  artistSpotlight: "artist-spotlight",
  about: "about",
  charts: "charts",
  playlistCreator: "playlist-creator",
  spotifyTest: "spotify-test",
  newsletterConfirm: "newsletter-confirm",
  newsletterUnsubscribe: "newsletter-unsubscribe",
  newsletterIssues: "newsletter-issues",
  newsletterIssue: "newsletter-issue",
  privacy: "privacy",
};

/**
 * The route table, in React Router's declarative mode (`useRoutes`): the site needs none of the
 * data router's loaders or actions, and the data router is ~15 KB (gzip) more on every page's
 * first load (decision 0019).
 */
const routeObjects: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    // The site's frame declares the reads it shows on every page: the footer's fediverse account.
    handle: { preload: async () => ({ Component: RootLayout, queries: () => [fediverseAccountQuery()] }) },
    children: [
      ...(Object.keys(pageRoutes) as PageRouteId[]).map((id) =>
        screenRoute(pageRoutes[id], screenNamed(screens[id])),
      ),
      screenRoute("*", screenNamed("not-found")),
    ],
  },
];

/**
 * The curator console under `/admin`: its own route table, layout and pages (console-router.tsx),
 * never the site's frame. The table itself is loaded only for a console address, so the public
 * site's first load carries none of it.
 */
const loadConsole = () => import("./console-router");
const consoleScreen = lazyScreen(() =>
  loadConsole().then(({ ConsoleRoutes }) => ({ Component: ConsoleRoutes })),
);

/** The screen for the current location. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const site = useRoutes(routeObjects);
  return isConsolePath(pathname) ? <consoleScreen.Screen /> : site;
}

/**
 * Loads the screens `pathname` shows (its page, and the console's layout for a console page), so that
 * the first render has them: hydration then matches the server's markup, and the server's render
 * does not suspend.
 */
export async function preloadMatchedScreens(pathname: string): Promise<void> {
  await matchedModules(pathname);
}

/** The names of the screens `pathname` shows (their modules' files), loaded: none on the console. */
export async function matchedScreenNames(pathname: string): Promise<string[]> {
  const matched = await matchedModules(pathname);
  return matched.flatMap(({ name }) => (name === undefined ? [] : [name]));
}

async function matchedModules(pathname: string): Promise<MatchedModule[]> {
  if (!isConsolePath(pathname)) return matchedScreens(routeObjects, pathname);
  const [consoleTable] = await Promise.all([loadConsole(), consoleScreen.preload()]);
  return matchedScreens(consoleTable.consoleRouteObjects, pathname);
}

/**
 * The reads the screens at an address declare (route-data.ts), their modules loaded first: what the
 * server reads before it renders a page, and the browser before it shows one on a navigation.
 */
export async function routeReads(pathname: string, search: URLSearchParams): Promise<RouteRead[]> {
  const matched = await matchedModules(pathname);
  const declared = await Promise.all(
    matched.map(({ params, module }) => module?.queries?.({ params, search }) ?? []),
  );
  return declared.flat();
}
