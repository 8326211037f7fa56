import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { PlaylistHeader } from "../../features/playlists/playlist-header";
import { PlaylistUnavailable } from "../../features/playlists/playlist-unavailable";
import { playlistQuery } from "../../features/playlists/playlists.queries";
import { PlaylistTracks } from "../../features/playlists/track-list";
import { SaveToSpotifyButton } from "../../features/spotify/save-to-spotify-button";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

export function Component() {
  const { id = "" } = useParams();
  const { data: playlist, error } = useQuery(playlistQuery(id));

  if (error) return <PlaylistUnavailable error={error} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <title>{`${playlist?.title ?? "Playlist"} · ${siteConfig.name}`}</title>
      <PlaylistHeader
        playlist={playlist}
        actions={
          playlist && (
            <SaveToSpotifyButton
              playlistId={playlist.id}
              title={playlist.title}
              path={paths.playlist(playlist.id)}
            />
          )
        }
      />
      <PlaylistTracks tracks={playlist?.tracks} />
    </div>
  );
}
