import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsolePlaylist } from "@waveform/contracts/console-playlists";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { Badge } from "../../components/ui/badge";
import { isNotFound, readableError } from "../../lib/api/errors";
import { AddTrackForm } from "./add-track-form";
import { consolePlaylistQuery, updatePlaylist } from "./console-playlists.queries";
import { PlaylistForm } from "./playlist-form";
import { PlaylistStateActions } from "./playlist-state-actions";
import { TrackListEditor } from "./track-list-editor";

/** /admin/playlists/:id: the fields, publish/unpublish, delete, and the track list. */
export function EditPlaylistPage({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery(consolePlaylistQuery(id));
  const [status, setStatus] = useState<string>(
    (location.state as { message?: string } | null)?.message ?? "",
  );
  const store = (saved: ConsolePlaylist) => {
    queryClient.setQueryData(consolePlaylistQuery(id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: ["console", "playlists"] });
  };

  if (query.isPending) return <p className="text-muted-foreground">Loading the playlist…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        {isNotFound(query.error)
          ? "There is no such playlist."
          : `The playlist could not be loaded: ${readableError(query.error)}`}{" "}
        <Link to="/admin/playlists" className="underline">
          Back to the playlists
        </Link>
      </p>
    );
  const playlist = query.data;
  const {
    tracks: _tracks,
    id: _id,
    published: _published,
    updatedOn: _updated,
    platformId: _pid,
    externalUrl: _url,
    ...fields
  } = playlist;
  return (
    <div className="max-w-3xl space-y-8">
      <PageHead title={`Edit ${playlist.title}`} noindex />
      <p>
        <Link
          to="/admin/playlists"
          className="text-muted-foreground text-sm underline-offset-4 hover:underline"
        >
          ← Playlists
        </Link>
      </p>
      <div className="space-y-3">
        <h1 className="font-bold text-3xl tracking-tight">{playlist.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {playlist.published ? <Badge tone="green">Published</Badge> : <Badge tone="outline">Draft</Badge>}
          <span className="text-muted-foreground">Updated {playlist.updatedOn}</span>
          {playlist.published && (
            <Link to={`/playlist/${playlist.id}`} className="underline underline-offset-4">
              View on the site
            </Link>
          )}
        </p>
        <PlaylistStateActions
          playlist={playlist}
          onSaved={store}
          onResult={setStatus}
          onDeleted={() => {
            queryClient.removeQueries({ queryKey: consolePlaylistQuery(id).queryKey });
            void queryClient.invalidateQueries({ queryKey: ["console", "playlists"] });
            navigate("/admin/playlists");
          }}
        />
        <p role="status" className="min-h-6 font-medium text-sm">
          {status}
        </p>
      </div>
      <section aria-labelledby="details-heading" className="space-y-4">
        <h2 id="details-heading" className="font-semibold text-xl">
          Details
        </h2>
        <PlaylistForm
          key={playlist.id}
          defaultValues={fields}
          submitLabel="Save changes"
          onSubmit={async (values) => {
            store(await updatePlaylist(id, values));
            setStatus("Changes saved.");
          }}
        />
      </section>
      <section aria-labelledby="tracks-heading" className="space-y-4">
        <h2 id="tracks-heading" className="font-semibold text-xl">
          Tracks ({playlist.tracks.length})
        </h2>
        <TrackListEditor playlist={playlist} onSaved={store} />
        <h3 className="font-semibold text-lg">Add a track</h3>
        <AddTrackForm playlistId={playlist.id} onSaved={store} />
      </section>
    </div>
  );
}
