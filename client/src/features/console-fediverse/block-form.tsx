import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BlockTarget, BlockTargetSchema } from "@waveform/contracts/fediverse-console";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { addBlock, FEDIVERSE_KEY } from "./console-fediverse.queries";

/** What the value may be, said without an address nobody could open. */
const BLOCK_VALUE_HINT =
  "An instance's host name as it appears in its handles (after the second @), or an account's profile address (https://…).";

/** Blocks an instance by its host name, or an account by its address, before it has written anything. */
export function BlockForm({ onResult }: { onResult: (message: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<BlockTarget>({
    resolver: zodResolver(BlockTargetSchema),
    defaultValues: { kind: "instance", value: "" },
  });
  const { errors } = form.formState;
  const blocking = useMutation({
    mutationFn: addBlock,
    onSuccess: async (answer) => {
      form.reset({ kind: answer.block.kind, value: "" });
      onResult(
        `${answer.block.value} is blocked: ${answer.followersRemoved} follow(s) removed, ${answer.commentsHidden} comment(s) hidden.`,
      );
      await queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
    },
    onError: (failure) => {
      if (!showFieldIssues(failure, ["kind", "value"] as const, form.setError)) {
        form.setError("value", { type: "server", message: readableError(failure) }, { shouldFocus: true });
      }
    },
  });
  return (
    <form
      noValidate
      aria-label="Block an instance or an account"
      className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
      onSubmit={form.handleSubmit((values) => blocking.mutate(values))}
    >
      <FormField id="block-kind" label="Block" error={errors.kind?.message}>
        <NativeSelect {...fieldControlProps("block-kind", errors.kind?.message)} {...form.register("kind")}>
          <option value="instance">An instance</option>
          <option value="account">An account</option>
        </NativeSelect>
      </FormField>
      <FormField
        id="block-value"
        label="Host name or account address"
        hint={BLOCK_VALUE_HINT}
        error={errors.value?.message}
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          {...fieldControlProps("block-value", errors.value?.message, BLOCK_VALUE_HINT)}
          {...form.register("value")}
        />
      </FormField>
      <FormActions label="Block" busyLabel="Blocking…" busy={blocking.isPending} className="sm:mt-7" />
    </form>
  );
}
