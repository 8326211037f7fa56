import { lazy } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { GenreExplorer } from "../../features/genres/genre-explorer";
import { genresQuery } from "../../features/genres/genres.queries";
import { HydrationRegion } from "../../lib/hydration-region";
import type { RouteQueries } from "../route-data";

// A selected genre's playlists: its code loads with the selection's (genre-explorer.tsx).
const PlaylistGrid = lazy(() =>
  import("../../features/playlists/playlist-grid").then((module) => ({ default: module.PlaylistGrid })),
);

export function Component() {
  return (
    <PageShell
      title="Genre Explorer"
      lead="Pick a genre to see its subgenres, our playlists and the artists behind it."
    >
      <HydrationRegion>
        <GenreExplorer renderPlaylists={(playlists) => <PlaylistGrid playlists={playlists} />} />
      </HydrationRegion>
    </PageShell>
  );
}

export const queries: RouteQueries = () => [genresQuery];
