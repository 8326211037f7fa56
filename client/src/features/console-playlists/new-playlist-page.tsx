import { useQueryClient } from "@tanstack/react-query";
import type { PlaylistTrackInput } from "@waveform/contracts/console-playlists";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { formatDuration } from "../../lib/format";
import { consolePlaylistQuery, createPlaylist } from "./console-playlists.queries";
import { EMPTY_PLAYLIST, PlaylistForm } from "./playlist-form";

/** /admin/playlists/new: a new playlist, saved as a draft (with the tracks an import brought). */
export function NewPlaylistPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tracks, setTracks] = useState<PlaylistTrackInput[]>([]);
  return (
    <div className="max-w-3xl space-y-6">
      <PageHead title="New playlist" noindex />
      <p>
        <Link
          to="/admin/playlists"
          className="text-muted-foreground text-sm underline-offset-4 hover:underline"
        >
          ← Playlists
        </Link>
      </p>
      <h1 className="font-bold text-3xl tracking-tight">New playlist</h1>
      <PlaylistForm
        defaultValues={EMPTY_PLAYLIST}
        submitLabel="Create draft"
        onImportedTracks={setTracks}
        onSubmit={async (values) => {
          const created = await createPlaylist({ ...values, tracks });
          queryClient.setQueryData(consolePlaylistQuery(created.id).queryKey, created);
          await queryClient.invalidateQueries({ queryKey: ["console", "playlists"] });
          navigate(`/admin/playlists/${created.id}`, {
            state: { message: `Draft "${created.title}" created.` },
          });
        }}
      >
        <section aria-labelledby="imported-heading" className="space-y-2">
          <h2 id="imported-heading" className="font-semibold text-lg">
            Tracks
          </h2>
          {tracks.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              Import them from Spotify above, or add them one by one once the draft is created.
            </p>
          ) : (
            <ol className="max-h-72 list-decimal space-y-1 overflow-y-auto rounded-lg border py-2 pr-3 pl-10 text-sm">
              {tracks.map((track, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only preview, never reordered; a song may repeat
                <li key={index}>
                  {track.title}{" "}
                  <span className="text-muted-foreground">
                    · {track.artist} · {formatDuration(track.durationSeconds)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </PlaylistForm>
    </div>
  );
}
