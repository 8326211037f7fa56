import { useQuery } from "@tanstack/react-query";
import type { GenreReading } from "@waveform/contracts/genres";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import { type ReactNode, useEffect } from "react";
import { PlatformBadge } from "../../components/media/badges";
import { EmptyNotice } from "../../components/media/notices";
import { PersonTile } from "../../components/media/person-tile";
import { Card } from "../../components/ui/card";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { genreArtistsQuery, genrePlaylistsQuery, genreSubgenresQuery } from "./genres.queries";
import { PopularityBar } from "./popularity-bar";

/** Subgenre, playlist and artist failures are only logged; the list stays empty. */
function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}:`, error);
  }, [error, what]);
}

function listOf<T>(query: { data: T[] | undefined; isPending: boolean }) {
  return { items: query.data ?? [], isPending: query.isPending };
}

function ListSkeleton() {
  return (
    <div className="space-y-3">
      {skeletonKeys(4).map((key) => (
        <Skeleton key={key} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** The selected genre in the explorer: tabs Subgenres, Playlists, Artists. */
export function GenreSelection({
  genre,
  renderPlaylists,
}: {
  genre: GenreReading;
  /** Playlist cards belong to the playlists feature; the route module passes them in. */
  renderPlaylists: (playlists: PlaylistReading[]) => ReactNode;
}) {
  const subgenresQuery = useQuery(genreSubgenresQuery(genre.id));
  const playlistsQuery = useQuery(genrePlaylistsQuery(genre.id));
  const artistsQuery = useQuery(genreArtistsQuery(genre.id));
  useLoggedFailure(subgenresQuery.error, "subgenres");
  useLoggedFailure(playlistsQuery.error, "playlists");
  useLoggedFailure(artistsQuery.error, "artists");
  const subgenres = listOf(subgenresQuery);
  const playlists = listOf(playlistsQuery);
  const artists = listOf(artistsQuery);

  return (
    <Tabs defaultValue="subgenres">
      <TabsList aria-label={`${genre.name} details`}>
        <TabsTrigger value="subgenres">Subgenres</TabsTrigger>
        <TabsTrigger value="playlists">Playlists</TabsTrigger>
        <TabsTrigger value="artists">Artists</TabsTrigger>
      </TabsList>
      <TabsContent value="subgenres">
        {subgenres.isPending ? (
          <ListSkeleton />
        ) : subgenres.items.length === 0 ? (
          <EmptyNotice>No subgenres yet</EmptyNotice>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {subgenres.items.map((sub) => (
              <Card asChild key={sub.id} className="space-y-2 p-4">
                <li>
                  <div className="flex justify-between text-sm">
                    <span className="font-medium">{sub.name}</span>
                    <span className="text-muted-foreground">{Math.round(sub.popularity * 10)}%</span>
                  </div>
                  <PopularityBar value={sub.popularity} label={`${sub.name} popularity`} />
                </li>
              </Card>
            ))}
          </ul>
        )}
      </TabsContent>
      <TabsContent value="playlists">
        {playlists.isPending ? <ListSkeleton /> : renderPlaylists(playlists.items)}
      </TabsContent>
      <TabsContent value="artists">
        {artists.isPending ? (
          <ListSkeleton />
        ) : artists.items.length === 0 ? (
          <EmptyNotice>No artists yet</EmptyNotice>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {artists.items.map((artist) => (
              <PersonTile key={artist.id} name={artist.name} imageUrl={artist.imageUrl} dense>
                <p className="text-muted-foreground text-xs">{artist.genres.slice(0, 2).join(" · ")}</p>
                {/* A block around the badge keeps it as wide as its text, not the card. */}
                <div>
                  <PlatformBadge platform={artist.platform} />
                </div>
              </PersonTile>
            ))}
          </ul>
        )}
      </TabsContent>
    </Tabs>
  );
}
