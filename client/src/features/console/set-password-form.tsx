import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { MIN_PASSWORD_LENGTH, NewPasswordSchema } from "@waveform/contracts/console-auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import * as z from "zod/mini";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { apiRequest } from "../../lib/api/request";
import { showFieldIssues } from "../../lib/field-issues";

/** The contract's password rule, typed twice (the second only in the browser). */
const SetPasswordFormSchema = z.object({ password: NewPasswordSchema, confirm: z.string() }).check(
  z.refine((values) => values.password === values.confirm, {
    message: "The two passwords are not the same",
    path: ["confirm"],
  }),
);
type SetPasswordFormInput = z.input<typeof SetPasswordFormSchema>;

/**
 * /admin/set-password?token=…: the page a one-time link opens. The server checks the link (once,
 * within the hour) and the password (length, not a common one); its refusal shows beside the field.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const [problem, setProblem] = useState("");
  const form = useForm<SetPasswordFormInput>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { password: "", confirm: "" },
  });
  const { errors } = form.formState;
  const saving = useMutation({
    mutationFn: async ({ password }: SetPasswordFormInput) =>
      apiRequest((await import("@waveform/contracts/console-auth")).setPassword, {
        body: { token, password },
      }),
    onError: (error) => {
      if (!showFieldIssues(error, ["password"] as const, form.setError)) setProblem(readableError(error));
    },
  });

  if (saving.isSuccess) {
    return (
      <div role="status" className="space-y-4">
        <p>
          Your password is set for <strong>{saving.data.email}</strong>. Sign in with it now.
        </p>
        <Button asChild>
          <Link to="/admin/sign-in" reloadDocument>
            Go to sign in
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setProblem("");
        saving.mutate(values);
      })}
    >
      <FormField
        id="new-password"
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters; a few words you will remember work well`}
        error={errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps("new-password", errors.password?.message, "hint")}
          {...form.register("password")}
        />
      </FormField>
      <FormField id="confirm-password" label="New password again" error={errors.confirm?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps("confirm-password", errors.confirm?.message)}
          {...form.register("confirm")}
        />
      </FormField>
      <FormError reserve>{problem}</FormError>
      <FormActions label="Set password" busyLabel="Saving…" busy={saving.isPending} className="w-full" />
    </form>
  );
}
