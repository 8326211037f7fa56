import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AddOperatorInput, AddOperatorSchema } from "@waveform/contracts/console-operators";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { OneTimeLink } from "./one-time-link";
import { addOperator, operatorsQuery } from "./operators.queries";

/** Adds an operator; the answer's one-time link is shown under the form, once. */
export function AddOperatorForm() {
  const queryClient = useQueryClient();
  const form = useForm<AddOperatorInput>({
    resolver: zodResolver(AddOperatorSchema),
    defaultValues: { email: "", role: "editor" },
  });
  const { errors } = form.formState;
  const adding = useMutation({
    mutationFn: addOperator,
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: operatorsQuery.queryKey });
    },
    onError: (failure) => {
      if (!showFieldIssues(failure, ["email", "role"] as const, form.setError)) {
        form.setError("email", { type: "server", message: readableError(failure) }, { shouldFocus: true });
      }
    },
  });
  return (
    <div className="space-y-4">
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        onSubmit={form.handleSubmit((values) => adding.mutate(values))}
      >
        <FormField id="operator-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="off"
            {...fieldControlProps("operator-email", errors.email?.message)}
            {...form.register("email")}
          />
        </FormField>
        <FormField id="operator-role" label="Role" error={errors.role?.message}>
          <NativeSelect
            {...fieldControlProps("operator-role", errors.role?.message)}
            {...form.register("role")}
          >
            <option value="editor">Editor (content)</option>
            <option value="admin">Administrator</option>
          </NativeSelect>
        </FormField>
        <FormActions label="Add operator" busyLabel="Adding…" busy={adding.isPending} className="sm:mt-7" />
      </form>
      <div role="status">
        {adding.data && (
          <OneTimeLink
            email={adding.data.operator.email}
            link={adding.data.link}
            minutes={adding.data.expiresInMinutes}
          />
        )}
      </div>
    </div>
  );
}
