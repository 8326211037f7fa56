import { isConsolePath } from "@waveform/contracts/console-home";
import { type PageRouteId, pageRoutes } from "@waveform/contracts/routes";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { fediverseAccountQuery } from "../features/fediverse/fediverse.queries";
import { lazyScreen, type MatchedModule, matchedScreens, type RouteModule, screenRoute } from "./lazy-route";
import { RootLayout } from "./root-layout";
import type { RouteRead } from "./route-data";
import { RouteErrorBoundary } from "./route-error";

/** Every page route of the shared table maps to one lazily loaded module (its own chunk). */
export const screens: Record<PageRouteId, RouteModule> = {
  home: () => import("./routes/home"),
  musicHub: () => import("./routes/music-hub"),
  landing: () => import("./routes/landing"),
  genres: () => import("./routes/genres"),
  genreGrid: () => import("./routes/genre-grid"),
  genreDetail: () => import("./routes/genre-detail"),
  genreByName: () => import("./routes/genre-detail"),
  playlists: () => import("./routes/playlists"),
  playlistDetail: () => import("./routes/playlist-detail"),
  newReleases: () => import("./routes/new-releases"),
  releases: () => import("./routes/new-releases"),
  podcasts: () => import("./routes/podcasts"),
  clubPodcasts: () => import("./routes/club-podcasts"),
  podcastsDiscovery: () => import("./routes/podcasts-discovery"),
  podcastShow: () => import("./routes/podcast-show"),
  podcastEpisode: () => import("./routes/podcast-episode"),
  search: () => import("./routes/search"),
  merchandise: () => import("./routes/merchandise"),
  streamingPartners: () => import("./routes/streaming-partners"),
  artistSpotlight: () => import("./routes/artist-spotlight"),
  about: () => import("./routes/about"),
  charts: () => import("./routes/charts"),
  playlistCreator: () => import("./routes/playlist-creator"),
  spotifyTest: () => import("./routes/spotify-test"),
  newsletterConfirm: () => import("./routes/newsletter-confirm"),
  newsletterUnsubscribe: () => import("./routes/newsletter-unsubscribe"),
  newsletterIssues: () => import("./routes/newsletter-issues"),
  newsletterIssue: () => import("./routes/newsletter-issue"),
  privacy: () => import("./routes/privacy"),
};

/**
 * The file of each page route's screen (`routes/<name>.tsx`), used on the server only: it names the
 * screens of a page it renders, and so the page's code (client/page-code.ts). The browser's build
 * leaves it out. router.test.tsx holds each name to the route's import.
 */
export const screenFiles: Record<PageRouteId, string> = {
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

/** The screen of a page route, named on the server. */
const pageScreen = (id: PageRouteId) =>
  lazyScreen(screens[id], import.meta.env.SSR ? screenFiles[id] : undefined);

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
      ...(Object.keys(pageRoutes) as PageRouteId[]).map((id) => screenRoute(pageRoutes[id], pageScreen(id))),
      screenRoute(
        "*",
        lazyScreen(() => import("./routes/not-found"), import.meta.env.SSR ? "not-found" : undefined),
      ),
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
