import { useQuery } from "@tanstack/react-query";
import type { CreatedSpotifyPlaylist } from "@waveform/contracts/spotify";
import { useEffect, useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { ConnectCard } from "../../features/spotify/connect-card";
import { CreatedPlaylist } from "../../features/spotify/created-playlist";
import { PlaylistCreatorForm } from "../../features/spotify/playlist-creator-form";
import {
  sourceGenresQuery,
  sourcePlaylistsQuery,
  spotifyAuthQuery,
} from "../../features/spotify/spotify.queries";
import { useDisconnect } from "../../features/spotify/use-disconnect";
import { readableError } from "../../lib/api/errors";
import { paths } from "../../lib/paths";

function Creator({ displayName }: { displayName: string | undefined }) {
  const playlists = useQuery(sourcePlaylistsQuery);
  const genres = useQuery(sourceGenresQuery);
  const disconnect = useDisconnect();
  const [created, setCreated] = useState<CreatedSpotifyPlaylist | null>(null);
  const error = playlists.error ?? genres.error;

  return (
    <div className="mt-8 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4">
        <p role="status">
          Connected to Spotify
          {displayName && (
            <>
              {" "}
              as <span className="font-semibold">{displayName}</span>
            </>
          )}
        </p>
        <Button variant="outline" onClick={disconnect}>
          Disconnect
        </Button>
      </div>
      {created ? (
        <CreatedPlaylist created={created} onAnother={() => setCreated(null)} />
      ) : error ? (
        <ErrorNotice title="Error loading playlists" message={readableError(error)} />
      ) : !playlists.data || !genres.data ? (
        <Skeleton className="h-[34rem] rounded-2xl" />
      ) : (
        <PlaylistCreatorForm
          playlists={playlists.data.map((playlist) => ({
            value: String(playlist.id),
            label: `${playlist.title} (${playlist.genre}, ${playlist.trackCount} tracks)`,
            suggestedName: playlist.title,
          }))}
          genres={genres.data.map((genre) => ({
            value: genre.slug ?? genre.name,
            label: genre.name,
            suggestedName: `${genre.name} Essentials`,
          }))}
          onCreated={setCreated}
        />
      )}
    </div>
  );
}

/** Playlist Creator: the connect card, or once connected, the creator. */
export function Component() {
  const auth = useQuery(spotifyAuthQuery);
  useEffect(() => {
    if (auth.error) console.error("Spotify authentication check failed", auth.error);
  }, [auth.error]);

  return (
    <PageShell
      title="Playlist Creator"
      lead="Turn any of our curated playlists, or a whole genre, into a playlist in your own Spotify account."
    >
      {auth.data?.authenticated ? (
        <Creator displayName={auth.data.displayName} />
      ) : (
        <ConnectCard returnTo={paths.playlistCreator} checking={auth.isPending} />
      )}
    </PageShell>
  );
}
