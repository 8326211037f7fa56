import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsoleSubscriber } from "@waveform/contracts/console-subscribers";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { readableError } from "../../lib/api/errors";
import { eraseSubscriber } from "./console-subscribers.queries";

/** 'Remove' on request: asks once, then erases the subscriber and everything holding the address. */
export function EraseDialog({
  subscriber,
  onErased,
}: {
  subscriber: ConsoleSubscriber;
  onErased: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const erasing = useMutation({
    mutationFn: () => eraseSubscriber(subscriber.id),
    onSuccess: async () => {
      setOpen(false);
      onErased("The subscriber was removed, with their queued mail; no copy is kept.");
      await queryClient.invalidateQueries({ queryKey: ["console", "subscribers"] });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Remove ${subscriber.email}`}>
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Remove this subscriber?</DialogTitle>
        <DialogDescription>
          {subscriber.email} and every mail queued for it will be erased. This cannot be undone, and no copy
          is kept, not even in the activity log.
        </DialogDescription>
        {erasing.isError && (
          <p role="alert" className="text-destructive text-sm dark:text-red-400">
            {readableError(erasing.error)}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={erasing.isPending} onClick={() => erasing.mutate()}>
            {erasing.isPending ? "Removing…" : "Remove for good"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
