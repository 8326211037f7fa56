import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { ComingSoon } from "../../features/genres/coming-soon";
import { GENRES_FAILED } from "../../features/genres/explore-genres";
import { genreDescription } from "../../features/genres/genre-descriptions";
import { GenreHero } from "../../features/genres/genre-hero";
import { genresQuery } from "../../features/genres/genres.queries";
import { PlaylistCardSkeleton } from "../../features/playlists/playlist-card";
import { PlaylistGrid } from "../../features/playlists/playlist-grid";
import { playlistsByGenreQuery } from "../../features/playlists/playlists.queries";
import { RelatedMerch } from "../../features/shop/related-merch";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

/** /genres/:genre and /genre/:name: the name is decoded and matched case-insensitively (or by slug). */
export function Component() {
  const params = useParams();
  const wanted = (params.genre ?? params.name ?? "").trim().toLowerCase();
  const genres = useQuery(genresQuery);
  const genre = genres.data?.find((item) => item.name.toLowerCase() === wanted || item.slug === wanted);
  const playlists = useQuery({ ...playlistsByGenreQuery(genre?.name ?? ""), enabled: Boolean(genre) });

  if (genres.error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="mb-6 font-bold text-3xl">Genres</h1>
        <ErrorNotice title={GENRES_FAILED} />
      </div>
    );
  }
  if (genres.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" aria-busy="true">
        <h1 className="sr-only">Loading genre</h1>
        <Skeleton className="h-56 w-full rounded-3xl" />
      </div>
    );
  }
  if (!genre) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <title>{`Genre Not Found · ${siteConfig.name}`}</title>
        <h1 className="font-bold text-3xl">Genre Not Found</h1>
        <p className="mt-3 text-muted-foreground">
          We don't have a genre called “{params.genre ?? params.name}”.
        </p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </div>
    );
  }

  const count = playlists.data?.length ?? genre.playlistCount;
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6">
      <title>{`${genre.name} · ${siteConfig.name}`}</title>
      <GenreHero genre={genre} playlistCount={count} />

      <Tabs defaultValue="playlists">
        <TabsList aria-label={`${genre.name} content`}>
          <TabsTrigger value="playlists">Playlists</TabsTrigger>
          <TabsTrigger value="artists">Top Artists</TabsTrigger>
          <TabsTrigger value="tracks">Top Tracks</TabsTrigger>
        </TabsList>
        <TabsContent value="playlists">
          {playlists.isPending ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {skeletonKeys(3).map((key) => (
                <PlaylistCardSkeleton key={key} />
              ))}
            </div>
          ) : playlists.error ? (
            <ErrorNotice title="Error loading playlists" message={playlists.error.message} />
          ) : (
            <PlaylistGrid playlists={playlists.data} />
          )}
        </TabsContent>
        <TabsContent value="artists">
          <ComingSoon what="Top artists" />
        </TabsContent>
        <TabsContent value="tracks">
          <ComingSoon what="Top tracks" />
        </TabsContent>
      </Tabs>

      <section aria-labelledby="about-genre-heading" className="max-w-3xl">
        <h2 id="about-genre-heading" className="font-bold text-2xl">
          About {genre.name} Music
        </h2>
        <p className="mt-3 text-muted-foreground leading-relaxed">{genreDescription(genre.name)}</p>
      </section>

      <RelatedMerch
        headingId="genre-merch-heading"
        title={`${genre.name} Merchandise`}
        link={{ to: `/merchandise?genre=${encodeURIComponent(genre.name)}`, label: "View All" }}
        genre={genre.name}
      />
    </div>
  );
}
