import { PageShell } from "../../components/layout/page-shell";
import { Card } from "../../components/ui/card";
import { BrowseByGenre } from "../../features/genres/browse-by-genre";
import { TechnologiesUsed } from "../../features/home/technologies-used";
import { HubFeaturedPlaylists } from "../../features/playlists/featured-playlists";
import { hubFeaturedPlaylistsQuery } from "../../features/playlists/playlists.queries";
import { NewReleasesSection } from "../../features/releases/new-releases-section";
import { newReleasesQuery } from "../../features/releases/releases.queries";
import { HubConnection } from "../../features/spotify/hub-connection";
import { trendingQuery } from "../../features/trending/trending.queries";
import { TrendingRow } from "../../features/trending/trending-row";
import { paths } from "../../lib/paths";
import type { RouteQueries } from "../route-data";

/** The music hub: featured playlists, new releases, genres and how it all works. */
export function Component() {
  return (
    <PageShell title="Music Hub" lead="Everything new this week in one place.">
      <Card asChild className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl p-5">
        <section aria-labelledby="hub-connection-heading">
          <div>
            <h2 id="hub-connection-heading" className="font-semibold text-lg">
              Your Spotify connection
            </h2>
            <p className="text-muted-foreground text-sm">
              Connect to save our playlists into your own account.
            </p>
          </div>
          <HubConnection returnTo={paths.musicHub} />
        </section>
      </Card>
      <div className="mt-10 space-y-16">
        <TrendingRow />
        <HubFeaturedPlaylists />
        <NewReleasesSection />
        <BrowseByGenre />
        <TechnologiesUsed />
      </div>
    </PageShell>
  );
}

export const queries: RouteQueries = () => [trendingQuery, hubFeaturedPlaylistsQuery, newReleasesQuery];
