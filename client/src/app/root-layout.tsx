import { useQuery } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { Footer } from "../components/layout/footer";
import { Header } from "../components/layout/header";
import { ToasterHost } from "../components/ui/toaster-host";
import { ClubFollowBox } from "../features/fediverse/account-follow";
import { fediverseAccountQuery } from "../features/fediverse/fediverse.queries";
import { useNavigationViews } from "../features/insights/navigation-views";
import { PlayerDock } from "../features/player/player-dock";
import { HeaderSearch } from "../features/search/header-search";
import { useSpotifyOutcome } from "../features/spotify/use-spotify-outcome";
import { HydrationRegion } from "../lib/hydration-region";
import { useScrollRestoration } from "../lib/scroll-restoration";
import { useScrollToHash } from "./scroll-to-hash";

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
          // Loaded with the frame, not when near: the layout renders again on every navigation, and
          // a box still waiting for its code would hold the navigation back until it came in view.
          follow={club && <ClubFollowBox account={club} who="the club" />}
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
