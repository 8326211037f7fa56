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
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
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
        {erasing.isError && <FormError>{readableError(erasing.error)}</FormError>}
        <FormActions
          end
          label="Remove for good"
          busyLabel="Removing…"
          busy={erasing.isPending}
          variant="destructive"
          onClick={() => erasing.mutate()}
          cancel={{ onClick: () => setOpen(false) }}
        />
      </DialogContent>
    </Dialog>
  );
}
