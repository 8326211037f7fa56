import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { Footer } from "../components/layout/footer";
import { Header } from "../components/layout/header";
import { ToasterHost } from "../components/ui/toaster-host";
import { fediverseAccountQuery } from "../features/fediverse/fediverse.queries";
import { useNavigationViews } from "../features/insights/navigation-views";
import { PlayerDock } from "../features/player/player-dock";
import { HeaderSearch } from "../features/search/header-search";
import { useSpotifyOutcome } from "../features/spotify/use-spotify-outcome";
import { HydrationRegion } from "../lib/hydration-region";
import { lazyWhenVisible } from "../lib/lazy-when-visible";
import { useScrollRestoration } from "../lib/scroll-restoration";
import { useScrollToHash } from "./scroll-to-hash";

// The footer's fediverse follow box is on every page, below the fold: in the page from the server,
// its code (the copy button, the remote-follow form) loads when a visitor comes near it or reaches
// for it, not with the page's first code (decision 0019). Its id is CLUB_FOLLOW_BOX_ID's.
const ClubFollowBox = lazyWhenVisible("club-fediverse-follow", () =>
  import("../features/fediverse/account-follow").then((module) => ({ default: module.ClubFollowBox })),
);

export function RootLayout() {
  // The club's account (declared by the site frame, router.tsx): none when federation is off.
  const club = useQuery(fediverseAccountQuery()).data?.account;
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
      <HydrationRegion>
        <Header
          search={
            <HydrationRegion>
              <HeaderSearch />
            </HydrationRegion>
          }
        />
      </HydrationRegion>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <HydrationRegion>
        <Footer
          follow={
            club && (
              <Suspense fallback={null}>
                <ClubFollowBox account={club} who="the club" />
              </Suspense>
            )
          }
        />
      </HydrationRegion>
      {/* The site's audio player: outside the routes, so it plays on from page to page. */}
      <HydrationRegion>
        <PlayerDock />
      </HydrationRegion>
      <ToasterHost />
    </div>
  );
}
