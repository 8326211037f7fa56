import { lazy } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { PlaylistBrowser } from "../../features/playlists/playlist-browser";
import { playlistsQuery } from "../../features/playlists/playlists.queries";
import { HydrateWhenVisible } from "../../lib/hydrate-when-visible";
import { HydrationRegion } from "../../lib/hydration-region";
import type { RouteQueries } from "../route-data";

// Below the first screen: its code (products, their cards) loads when it comes near, and only then
// does it hydrate (its HTML is the server's from the start).
const RelatedMerch = lazy(() =>
  import("../../features/shop/related-merch").then((module) => ({ default: module.RelatedMerch })),
);

export function Component() {
  return (
    <PageShell title="Playlists" lead="Every playlist our curators keep up to date, on the platform you use.">
      <HydrationRegion>
        <PlaylistBrowser />
      </HydrationRegion>
      <HydrateWhenVisible anchorId="related-merch-heading">
        <RelatedMerch
          headingId="related-merch-heading"
          title="Related Merchandise"
          link={{ to: "/merchandise", label: "Visit the shop" }}
          className="mt-16"
        />
      </HydrateWhenVisible>
    </PageShell>
  );
}

export const queries: RouteQueries = () => [playlistsQuery];
