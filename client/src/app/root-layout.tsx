import { lazy } from "react";
import { Outlet } from "react-router";
import { FOOTER_ID } from "../components/layout/footer-id";
import { Header } from "../components/layout/header";
import { ToasterHost } from "../components/ui/toaster-host";
import { useNavigationViews } from "../features/insights/navigation-views";
import { PlayerDock } from "../features/player/player-dock";
import { HeaderSearch } from "../features/search/header-search";
import { useSpotifyOutcome } from "../features/spotify/use-spotify-outcome";
import { HydrateWhenVisible } from "../lib/hydrate-when-visible";
import { useScrollRestoration } from "../lib/scroll-restoration";
import { useScrollToHash } from "./scroll-to-hash";

// The footer is links and text at the foot of every page: its code (the social icons among it)
// loads, and it hydrates, on the first scroll or when it is in view; its links work as plain links
// until then. HydrateWhenVisible, not lazyWhenVisible: a navigation re-renders the layout, and the
// gate then opens at once, where a lazy component still waiting for the scroll held the navigation.
const Footer = lazy(() =>
  import("../components/layout/footer").then((module) => ({ default: module.Footer })),
);

export function RootLayout() {
  useScrollRestoration();
  useScrollToHash();
  useSpotifyOutcome();
  useNavigationViews();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="-translate-y-16 fixed top-2 left-2 z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:translate-y-0"
      >
        Skip to content
      </a>
      <Header search={<HeaderSearch />} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <HydrateWhenVisible anchorId={FOOTER_ID} when={{ nearPx: 0, onFirstScroll: true }}>
        <Footer />
      </HydrateWhenVisible>
      {/* The site's audio player: outside the routes, so it plays on from page to page. */}
      <PlayerDock />
      <ToasterHost />
    </div>
  );
}
