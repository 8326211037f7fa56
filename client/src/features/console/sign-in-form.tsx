import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type SignInInput, SignInSchema, safeConsoleReturnTo } from "@waveform/contracts/console-auth";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ApiRequestError, readableError } from "../../lib/api/errors";
import { apiRequest } from "../../lib/api/request";
import { showFieldIssues } from "../../lib/field-issues";

/** Whether a refused sign-in asks for the authenticator code (the password was right). */
function asksForCode(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 401) return false;
  try {
    return (JSON.parse(error.body) as { codeRequired?: unknown }).codeRequired === true;
  } catch {
    return false;
  }
}

/**
 * /admin/sign-in: email and password, then the authenticator code when the account has one. A
 * refusal is said above the button and what was typed stays; success loads the page the operator
 * was sent from (a console page only: safeConsoleReturnTo) with a full load, so it arrives rendered.
 */
export function SignInForm() {
  const [searchParams] = useSearchParams();
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState("");
  const form = useForm<SignInInput>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  // The code field appears after the password was accepted: the cursor goes there.
  useEffect(() => {
    if (needsCode) form.setFocus("code");
  }, [needsCode, form]);
  const signingIn = useMutation({
    mutationFn: async (input: SignInInput) =>
      apiRequest((await import("@waveform/contracts/console-auth")).signIn, { body: input }),
    onSuccess: () => window.location.assign(safeConsoleReturnTo(searchParams.get("returnTo"))),
    onError: (error) => {
      if (asksForCode(error)) {
        // The first time, the code field appears (and takes focus); after that its code was wrong.
        if (needsCode)
          form.setError("code", { type: "server", message: readableError(error) }, { shouldFocus: true });
        setNeedsCode(true);
        setProblem(needsCode ? "" : readableError(error));
        return;
      }
      if (!showFieldIssues(error, ["email", "password", "code"] as const, form.setError))
        setProblem(readableError(error));
    },
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setProblem("");
        signingIn.mutate(needsCode ? values : { email: values.email, password: values.password });
      })}
    >
      <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          {...fieldControlProps("sign-in-email", errors.email?.message)}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="sign-in-password" label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldControlProps("sign-in-password", errors.password?.message)}
          {...form.register("password")}
        />
      </FormField>
      {needsCode && (
        <FormField
          id="sign-in-code"
          label="Code from your authenticator app"
          hint="6 digits; a new one every 30 seconds"
          error={errors.code?.message}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...fieldControlProps("sign-in-code", errors.code?.message, "hint")}
            {...form.register("code")}
          />
        </FormField>
      )}
      <FormError reserve>{problem}</FormError>
      <FormActions
        label="Sign in"
        busyLabel="Signing in…"
        busy={signingIn.isPending || signingIn.isSuccess}
        className="w-full"
      />
    </form>
  );
}
