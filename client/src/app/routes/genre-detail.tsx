import { useQuery } from "@tanstack/react-query";
import { findGenreByNameOrSlug } from "@waveform/contracts/genre-lookup";
import { ogImagePath } from "@waveform/contracts/og";
import { useParams } from "react-router";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { GenreHero } from "../../features/genres/genre-hero";
import { GenreLoadError, GenreLoading, GenreNotFound } from "../../features/genres/genre-page-fallbacks";
import { AboutGenre, GenreTabs } from "../../features/genres/genre-tabs";
import { genresQuery } from "../../features/genres/genres.queries";
import { PlaylistGridFromQuery } from "../../features/playlists/playlist-grid";
import { playlistsByGenreQuery } from "../../features/playlists/playlists.queries";
import { RelatedMerch } from "../../features/shop/related-merch";
import { HydrationRegion } from "../../lib/hydration-region";
import { paths } from "../../lib/paths";
import { breadcrumbs } from "../../lib/structured-data";
import type { RouteQueries } from "../route-data";
import { dependent } from "../route-data";

/** /genres/:genre and /genre/:name: the name is decoded and matched case-insensitively (or by slug). */
export function Component() {
  const params = useParams();
  const genres = useQuery(genresQuery);
  const genre = findGenreByNameOrSlug(genres.data ?? [], params.genre ?? params.name ?? "");
  const playlists = useQuery({ ...playlistsByGenreQuery(genre?.name ?? ""), enabled: Boolean(genre) });

  if (genres.error) return <GenreLoadError />;
  if (genres.isPending) return <GenreLoading />;
  if (!genre) return <GenreNotFound name={params.genre ?? params.name} />;
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6">
      <PageHead
        title={genre.name}
        description={genre.description}
        // A genre read without its slug (the club's own field) has no preview card of its own.
        image={genre.slug ? ogImagePath("genre", genre.slug) : undefined}
        canonicalPath={paths.genre(genre.name)}
        structuredData={
          import.meta.env.SSR
            ? [
                breadcrumbs([
                  { name: "Home", path: paths.home },
                  { name: "Genres", path: paths.genres },
                  { name: genre.name, path: paths.genre(genre.name) },
                ]),
              ]
            : BUILT_BY_SERVER
        }
      />
      <GenreHero genre={genre} playlistCount={playlists.data?.length ?? genre.playlistCount} />
      <HydrationRegion>
        <GenreTabs genreName={genre.name} playlists={<PlaylistGridFromQuery result={playlists} />} />
      </HydrationRegion>
      <AboutGenre genreName={genre.name} />
      <RelatedMerch
        headingId="genre-merch-heading"
        title={`${genre.name} Merchandise`}
        link={{ to: `/merchandise?genre=${encodeURIComponent(genre.name)}`, label: "View All" }}
        genre={genre.name}
      />
    </div>
  );
}

/** The genre list, then the playlists of the genre the address names (none when it names no genre). */
export const queries: RouteQueries = ({ params }) => [
  dependent(genresQuery, (genres) => {
    const genre = findGenreByNameOrSlug(genres, params.genre ?? params.name ?? "");
    return genre ? [playlistsByGenreQuery(genre.name)] : [];
  }),
];
