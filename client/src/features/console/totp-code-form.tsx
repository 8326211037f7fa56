import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Operator, TotpCodeSchema } from "@waveform/contracts/console-auth";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { consoleMeQuery } from "./console.queries";

const CodeSchema = z.object({ code: TotpCodeSchema });
type CodeInput = z.input<typeof CodeSchema>;

/** A code from the authenticator app, sent with `send`; the answer is the operator as they now are. */
export function TotpCodeForm({
  id,
  submitLabel,
  send,
  onDone,
  destructive = false,
}: {
  id: string;
  submitLabel: string;
  send: (code: string) => Promise<Operator>;
  onDone: (operator: Operator) => void;
  destructive?: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useForm<CodeInput>({ resolver: zodResolver(CodeSchema), defaultValues: { code: "" } });
  const error = form.formState.errors.code?.message;
  const sending = useMutation({
    mutationFn: ({ code }: CodeInput) => send(code),
    onSuccess: (operator) => {
      queryClient.setQueryData(consoleMeQuery.queryKey, operator);
      onDone(operator);
    },
    onError: (failure) => {
      if (!showFieldIssues(failure, ["code"] as const, form.setError)) {
        form.setError("code", { type: "server", message: readableError(failure) }, { shouldFocus: true });
      }
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={form.handleSubmit((values) => sending.mutate(values))}
    >
      <FormField id={id} label="Code from your authenticator app" error={error} className="sm:w-64">
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...fieldControlProps(id, error)}
          {...form.register("code")}
        />
      </FormField>
      <FormActions
        label={submitLabel}
        busy={sending.isPending}
        variant={destructive ? "destructive" : "default"}
        className="sm:mt-7"
      />
    </form>
  );
}
