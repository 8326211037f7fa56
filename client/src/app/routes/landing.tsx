import { PageHead } from "../../components/layout/page-head";
import { GenreTiles } from "../../features/genres/genre-tiles";
import { genresQuery } from "../../features/genres/genres.queries";
import { DjSection } from "../../features/home/dj-section";
import { FreshThisWeek } from "../../features/home/fresh-this-week";
import { LandingHero } from "../../features/home/landing-hero";
import { SpotifyPromo } from "../../features/home/spotify-promo";
import { NewestPlaylists } from "../../features/playlists/newest-playlists";
import { playlistsQuery } from "../../features/playlists/playlists.queries";
import { PodcastsTeaser } from "../../features/podcasts/podcasts-teaser";
import { NewestAlbums } from "../../features/releases/newest-albums";
import { newReleasesQuery } from "../../features/releases/releases.queries";
import { ArtistMerchTeasers, SpotlightTeaser } from "../../features/spotlight/spotlight-teaser";
import type { RouteQueries } from "../route-data";

/** The static landing page: a tour of the club, from the spotlight and this week's releases to the shop. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-10 sm:px-6">
      <PageHead title="Discover Your Next Favorite Sound" />
      <LandingHero />
      <SpotlightTeaser />
      <FreshThisWeek playlists={<NewestPlaylists />} albums={<NewestAlbums />} />
      <GenreTiles />
      <DjSection />
      <ArtistMerchTeasers />
      <PodcastsTeaser />
      <SpotifyPromo />
    </div>
  );
}

export const queries: RouteQueries = () => [playlistsQuery, newReleasesQuery, genresQuery];
