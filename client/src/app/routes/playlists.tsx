import { PageShell } from "../../components/layout/page-shell";
import { PlaylistBrowser } from "../../features/playlists/playlist-browser";
import { playlistsQuery } from "../../features/playlists/playlists.queries";
import { RelatedMerch } from "../../features/shop/related-merch";
import { HydrateWhenVisible } from "../../lib/hydrate-when-visible";
import { HydrationRegion } from "../../lib/hydration-region";
import type { RouteQueries } from "../route-data";

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
