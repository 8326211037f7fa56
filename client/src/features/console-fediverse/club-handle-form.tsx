import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ClubHandleInput, ClubHandleSchema } from "@waveform/contracts/fediverse-console";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { FEDIVERSE_KEY, setClubHandle } from "./console-fediverse.queries";

const HINT =
  "What people search for and mention after the @. Followers keep following when it changes: the account's address stays the same, and their servers are sent the new profile at once.";

/**
 * The club account's handle; a show's slug is refused (that show answers to it). The saved handle
 * is the field's default, not react-hook-form's `values`, which would put it back in an effect
 * after the form arrives, over what was typed the moment the page hydrated; the page keys the form
 * by the handle, so a saved change starts it again.
 */
export function ClubHandleForm({
  handle,
  host,
  onResult,
}: {
  handle: string;
  host: string;
  onResult: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<ClubHandleInput>({
    resolver: zodResolver(ClubHandleSchema),
    defaultValues: { handle },
  });
  const { errors } = form.formState;
  const saving = useMutation({
    mutationFn: setClubHandle,
    onSuccess: async ({ account }) => {
      onResult(`The club is now ${account.address}.`);
      await queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
    },
    onError: (failure) => {
      if (!showFieldIssues(failure, ["handle"] as const, form.setError)) {
        form.setError("handle", { type: "server", message: readableError(failure) }, { shouldFocus: true });
      }
    },
  });
  return (
    <form
      noValidate
      aria-label="The club's handle"
      className="grid gap-3 sm:grid-cols-[minmax(0,24rem)_auto] sm:items-start"
      onSubmit={form.handleSubmit((values) => saving.mutate(values))}
    >
      <FormField id="club-handle" label={`Handle (@…@${host})`} hint={HINT} error={errors.handle?.message}>
        <Input
          autoComplete="off"
          spellCheck={false}
          {...fieldControlProps("club-handle", errors.handle?.message, HINT)}
          {...form.register("handle")}
        />
      </FormField>
      <FormActions
        label="Save handle"
        busyLabel="Saving…"
        busy={saving.isPending}
        className="sm:mt-7 sm:justify-self-start"
      />
    </form>
  );
}
