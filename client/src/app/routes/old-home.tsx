import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { genreGradient } from "../../components/media/badges";
import { ErrorNotice } from "../../components/media/notices";
import { PlatformIcons } from "../../components/media/platform-chips";
import { SectionHeading } from "../../components/media/section-heading";
import { Button } from "../../components/ui/button";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { GENRES_FAILED } from "../../features/genres/explore-genres";
import { genresQuery } from "../../features/genres/genres.queries";
import { DjSection } from "../../features/home/dj-section";
import { PlaylistCard } from "../../features/playlists/playlist-card";
import { playlistsQuery } from "../../features/playlists/playlists.queries";
import { AlbumCard } from "../../features/releases/album-card";
import { newReleasesQuery } from "../../features/releases/releases.queries";
import { ArtistMerchTeasers, SpotlightTeaser } from "../../features/spotlight/spotlight-teaser";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

function FreshThisWeek() {
  const playlists = useQuery(playlistsQuery);
  const albums = useQuery(newReleasesQuery);
  const newest = (playlists.data ?? [])
    .filter((playlist) => playlist.isNew)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, 4);
  return (
    <section aria-labelledby="fresh-heading">
      <SectionHeading
        id="fresh-heading"
        title="Fresh This Week"
        link={{ to: paths.releases, label: "All new releases" }}
      />
      <Tabs defaultValue="playlists">
        <TabsList aria-label="Fresh this week">
          <TabsTrigger value="playlists">Playlists</TabsTrigger>
          <TabsTrigger value="albums">Albums</TabsTrigger>
        </TabsList>
        <TabsContent value="playlists">
          {playlists.error ? (
            <ErrorNotice title="Error loading playlists" message={playlists.error.message} />
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {playlists.isPending
                ? skeletonKeys(4).map((key) => <Skeleton key={key} className="aspect-[3/4] rounded-xl" />)
                : newest.map((playlist) => <PlaylistCard key={playlist.id} playlist={playlist} />)}
            </div>
          )}
        </TabsContent>
        <TabsContent value="albums">
          {albums.error ? (
            <ErrorNotice title="Error loading new releases" message={albums.error.message} />
          ) : (
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {albums.isPending
                ? skeletonKeys(4).map((key) => <Skeleton key={key} className="aspect-[3/4] rounded-xl" />)
                : albums.data.slice(0, 4).map((album) => <AlbumCard key={album.id} album={album} />)}
            </div>
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function GenreTiles() {
  const { data, isPending, error } = useQuery(genresQuery);
  if (error) return <ErrorNotice title={GENRES_FAILED} />;
  return (
    <section aria-labelledby="genre-tiles-heading">
      <SectionHeading
        id="genre-tiles-heading"
        title="Browse Genres"
        link={{ to: paths.genres, label: "All genres" }}
      />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {isPending
          ? skeletonKeys(10).map((key) => (
              <li key={key}>
                <Skeleton className="h-20 rounded-xl" />
              </li>
            ))
          : data.map((genre) => (
              <li key={genre.id}>
                <Link
                  to={paths.genre(genre.slug)}
                  className={cn(
                    "flex h-20 items-end rounded-xl bg-gradient-to-br p-3 font-bold text-white",
                    genreGradient(genre.colorUI),
                  )}
                >
                  {genre.name}
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}

/** The static landing page (SPEC §2). */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-10 sm:px-6">
      <title>{`Discover Your Next Favorite Sound · ${siteConfig.name}`}</title>
      <section className="rounded-3xl border bg-card p-8 sm:p-12">
        <h1 className="max-w-3xl font-extrabold text-4xl tracking-tight sm:text-6xl">
          Discover Your Next Favorite Sound
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
          {siteConfig.name} is a club for curious listeners: playlists by real curators, podcasts about the
          music, and the artists about to break.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button size="lg" asChild>
            <Link to={paths.genres}>Explore Genres</Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={paths.podcasts}>Listen to Podcasts</Link>
          </Button>
        </div>
        <div className="mt-8">
          <PlatformIcons />
        </div>
      </section>
      <SpotlightTeaser />
      <FreshThisWeek />
      <GenreTiles />
      <DjSection />
      <ArtistMerchTeasers />
      <section aria-labelledby="landing-podcasts-heading" className="rounded-2xl border bg-card p-6 sm:p-8">
        <h2 id="landing-podcasts-heading" className="font-bold text-2xl">
          {siteConfig.shortName} Podcasts
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Interviews, production deep dives and the history behind the records, every week.
        </p>
        <Button variant="outline" className="mt-4" asChild>
          <Link to={paths.podcasts}>Browse podcasts</Link>
        </Button>
      </section>
      <section
        aria-labelledby="marketing-heading"
        className="rounded-3xl bg-primary p-8 text-primary-foreground sm:p-12"
      >
        <h2 id="marketing-heading" className="font-bold text-3xl">
          Save our playlists to your Spotify
        </h2>
        <p className="mt-2 max-w-2xl">
          Connect your account once and add any curated playlist to your library.
        </p>
        <Button variant="secondary" className="mt-6" asChild>
          <Link to={paths.playlistCreator}>Create a playlist</Link>
        </Button>
      </section>
    </div>
  );
}
