import { PageShell } from "../../components/layout/page-shell";
import { GenreGrid } from "../../features/genres/explore-genres";
import { genresQuery } from "../../features/genres/genres.queries";
import { SuggestGenre } from "../../features/genres/suggest-genre";
import type { RouteQueries } from "../route-data";

/** The genre grid: every genre as a card, and a 'Suggest a Genre' box. */
export function Component() {
  return (
    <PageShell title="Explore Genres" lead="Every genre we curate, with the playlists we keep for each.">
      <div className="mt-8">
        <GenreGrid />
      </div>
      <SuggestGenre />
    </PageShell>
  );
}

export const queries: RouteQueries = () => [genresQuery];
