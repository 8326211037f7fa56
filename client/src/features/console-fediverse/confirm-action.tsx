import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
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

/**
 * A button for a decision that cannot simply be undone (remove a follower, block): it asks once,
 * says what will happen, and acts on "confirm"; a refusal is shown in the dialog, which stays open.
 */
export function ConfirmAction({
  trigger,
  triggerLabel,
  title,
  description,
  confirm,
  busyLabel,
  act,
}: {
  trigger: ReactNode;
  /** The trigger's accessible name, when its text alone does not say whom it acts on. */
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  confirm: string;
  busyLabel: string;
  act: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const acting = useMutation({ mutationFn: act, onSuccess: () => setOpen(false) });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) acting.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {acting.isError && <FormError>{readableError(acting.error)}</FormError>}
        <FormActions
          end
          label={confirm}
          busyLabel={busyLabel}
          busy={acting.isPending}
          variant="destructive"
          onClick={() => acting.mutate()}
          cancel={{ onClick: () => setOpen(false) }}
        />
      </DialogContent>
    </Dialog>
  );
}
