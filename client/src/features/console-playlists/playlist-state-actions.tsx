import { useMutation } from "@tanstack/react-query";
import type { ConsolePlaylist } from "@waveform/contracts/console-playlists";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { FormActions } from "../../components/ui/form-actions";
import { readableError } from "../../lib/api/errors";
import { deletePlaylist, publishPlaylist } from "./console-playlists.queries";

/** 'Publish' / 'Unpublish', and 'Delete' behind a confirmation. Outcomes go to `onResult`. */
export function PlaylistStateActions({
  playlist,
  onSaved,
  onDeleted,
  onResult,
}: {
  playlist: ConsolePlaylist;
  onSaved: (playlist: ConsolePlaylist) => void;
  onDeleted: () => void;
  onResult: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const publish = useMutation({
    mutationFn: () => publishPlaylist(playlist.id, !playlist.published),
    onSuccess: (saved) => {
      onSaved(saved);
      onResult(
        saved.published
          ? `"${saved.title}" is published: it is on the site now.`
          : `"${saved.title}" is a draft again: the site no longer shows it.`,
      );
    },
    onError: (error) => onResult(`Nothing changed: ${readableError(error)}`),
  });
  const remove = useMutation({
    mutationFn: () => deletePlaylist(playlist.id),
    onSuccess: onDeleted,
    onError: (error) => {
      setConfirming(false);
      onResult(`The playlist was not deleted: ${readableError(error)}`);
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={playlist.published ? "outline" : "default"}
        disabled={publish.isPending}
        onClick={() => publish.mutate()}
      >
        {playlist.published ? "Unpublish" : "Publish"}
      </Button>
      <Button variant="destructive" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Delete "{playlist.title}"?</DialogTitle>
          <DialogDescription>
            The playlist and its {playlist.tracks.length} tracks are removed from the console and the site.
            The activity log keeps a record of what it was.
          </DialogDescription>
          <FormActions
            end
            label="Delete playlist"
            busyLabel="Deleting…"
            busy={remove.isPending}
            variant="destructive"
            onClick={() => remove.mutate()}
            cancel={{ label: "Keep it", onClick: () => setConfirming(false) }}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
