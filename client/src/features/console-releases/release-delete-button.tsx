import { useMutation } from "@tanstack/react-query";
import type { ConsoleRelease } from "@waveform/contracts/console-releases";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { FormActions } from "../../components/ui/form-actions";
import { readableError } from "../../lib/api/errors";
import { deleteRelease } from "./console-releases.queries";

/** 'Delete' behind a confirmation; the outcome goes to `onResult`. */
export function ReleaseDeleteButton({
  release,
  onDeleted,
  onResult,
}: {
  release: ConsoleRelease;
  onDeleted: () => void;
  onResult: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteRelease(release.id),
    onSuccess: () => {
      setConfirming(false);
      onResult(`"${release.title}" is deleted: the site no longer shows it.`);
      onDeleted();
    },
    onError: (error) => {
      setConfirming(false);
      onResult(`The release was not deleted: ${readableError(error)}`);
    },
  });
  return (
    <>
      <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Delete "{release.title}"?</DialogTitle>
          <DialogDescription>
            The release by {release.artist} is removed from the console and the new releases page. The
            activity log keeps a record of what it was.
          </DialogDescription>
          <FormActions
            end
            label="Delete release"
            busyLabel="Deleting…"
            busy={remove.isPending}
            variant="destructive"
            onClick={() => remove.mutate()}
            cancel={{ label: "Keep it", onClick: () => setConfirming(false) }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
