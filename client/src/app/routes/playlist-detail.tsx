import { useQuery } from "@tanstack/react-query";
import { ogImagePath } from "@waveform/contracts/og";
import { lazy } from "react";
import { useParams } from "react-router";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { fediverseRepliesQuery, PostReplies } from "../../features/fediverse";
import { ListenHere } from "../../features/playlists/listen-here";
import { PlaylistHeader } from "../../features/playlists/playlist-header";
import { PlaylistUnavailable } from "../../features/playlists/playlist-unavailable";
import { playlistQuery } from "../../features/playlists/playlists.queries";
import { SaveToSpotifyButton } from "../../features/spotify/save-to-spotify-button";
import { HydrateWhenVisible } from "../../lib/hydrate-when-visible";
import { paths } from "../../lib/paths";
import { breadcrumbs, musicPlaylist } from "../../lib/structured-data";
import type { RouteQueries } from "../route-data";

// The track list starts just below a phone's first screen: its code loads, and it hydrates, on the
// first scroll or when it is in view (its HTML is the server's from the start).
const PlaylistTracks = lazy(() =>
  import("../../features/playlists/track-list").then((module) => ({ default: module.PlaylistTracks })),
);

export function Component() {
  const { id = "" } = useParams();
  const { data: playlist, error } = useQuery(playlistQuery(id));

  if (error) return <PlaylistUnavailable error={error} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {playlist ? (
        <PageHead
          title={playlist.title}
          description={`${playlist.description} Curated by ${playlist.curator}: ${playlist.trackCount} tracks of ${playlist.genre}.`}
          image={ogImagePath("playlist", playlist.id)}
          type="music.playlist"
          structuredData={
            import.meta.env.SSR
              ? [
                  musicPlaylist(playlist, paths.playlist(playlist.id)),
                  breadcrumbs([
                    { name: "Home", path: paths.home },
                    { name: "Playlists", path: paths.playlists },
                    { name: playlist.title, path: paths.playlist(playlist.id) },
                  ]),
                ]
              : BUILT_BY_SERVER
          }
        />
      ) : (
        <PageHead title="Playlist" />
      )}
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
      {playlist?.platformId && (
        <ListenHere
          title={playlist.title}
          imageUrl={playlist.imageUrl}
          platform={playlist.platform}
          platformId={playlist.platformId}
        />
      )}
      {/* Starts just below a phone's first screen: hydrated on the first scroll or when in view. */}
      <HydrateWhenVisible anchorId="tracks-heading" when={{ nearPx: 0, onFirstScroll: true }}>
        <PlaylistTracks tracks={playlist?.tracks} platform={playlist?.platform} />
      </HydrateWhenVisible>
      {playlist && <PostReplies kind="playlist" id={id} />}
    </div>
  );
}

export const queries: RouteQueries = ({ params }) => [
  playlistQuery(params.id ?? ""),
  fediverseRepliesQuery("playlist", params.id ?? ""),
];
