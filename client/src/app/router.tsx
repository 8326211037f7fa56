import { type PageRouteId, pageRoutes } from "@waveform/contracts/routes";
import type { RouteObject } from "react-router";
import { consoleRouteObjects } from "./console-router";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

type RouteModule = () => Promise<{ Component: React.ComponentType }>;

/** Every page route of the shared table maps to one lazily loaded module (its own chunk). */
const screens: Record<PageRouteId, RouteModule> = {
  home: () => import("./routes/home"),
  workingHome: () => import("./routes/working-home"),
  oldHome: () => import("./routes/old-home"),
  genres: () => import("./routes/genres"),
  oldGenres: () => import("./routes/old-genres"),
  genreDetail: () => import("./routes/genre-detail"),
  genreByName: () => import("./routes/genre-detail"),
  playlists: () => import("./routes/playlists"),
  playlistDetail: () => import("./routes/playlist-detail"),
  newReleases: () => import("./routes/new-releases"),
  releases: () => import("./routes/new-releases"),
  podcasts: () => import("./routes/podcasts"),
  oldPodcasts: () => import("./routes/old-podcasts"),
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
};

export const routeObjects: RouteObject[] = [
  // The curator console: its own layout and lazy pages (console-router.tsx), never the site's frame.
  ...consoleRouteObjects,
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      ...(Object.keys(pageRoutes) as PageRouteId[]).map((id) => ({
        path: pageRoutes[id],
        lazy: screens[id],
      })),
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
];
