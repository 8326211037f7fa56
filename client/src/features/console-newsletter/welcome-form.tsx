import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type WelcomeSettings, WelcomeSettingsSchema } from "@waveform/contracts/newsletter-issues";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { saveWelcome, welcomeSettingsQuery } from "./console-newsletter.queries";

export const markdownArea =
  "min-h-40 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60";

function Fields({ saved, canEdit }: { saved: WelcomeSettings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm<WelcomeSettings>({
    resolver: zodResolver(WelcomeSettingsSchema),
    defaultValues: saved,
    reValidateMode: "onSubmit",
  });
  const saving = useMutation({
    mutationFn: saveWelcome,
    onSuccess: (stored) => queryClient.setQueryData(welcomeSettingsQuery.queryKey, stored),
  });
  const { errors } = form.formState;
  const invalid = errors.enabled?.message ?? errors.subject?.message ?? errors.body?.message;
  const message = invalid
    ? { error: true, text: invalid }
    : saving.isError
      ? { error: true, text: `Not saved: ${readableError(saving.error)}` }
      : saving.data
        ? {
            error: false,
            text: saving.data.enabled ? "Welcome mail saved and on." : "Welcome mail saved (off).",
          }
        : { error: false, text: "" };
  return (
    <form
      aria-label="Welcome mail"
      onSubmit={form.handleSubmit((values) => saving.mutate(values))}
      className="max-w-2xl space-y-4"
      noValidate
    >
      {!canEdit && (
        <p className="text-muted-foreground text-sm">Only an administrator may change the welcome mail.</p>
      )}
      <fieldset disabled={!canEdit} className="space-y-4">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register("enabled")} />
          Send a welcome mail to each new subscriber once they confirm
        </label>
        <FormField id="welcome-subject" label="Subject">
          <Input {...fieldControlProps("welcome-subject", undefined)} {...form.register("subject")} />
        </FormField>
        <FormField id="welcome-body" label="Text (Markdown)">
          <textarea
            {...fieldControlProps("welcome-body", undefined)}
            className={markdownArea}
            {...form.register("body")}
          />
        </FormField>
        <FormActions label="Save the welcome mail" busyLabel="Saving…" busy={saving.isPending} />
      </fieldset>
      <p role={message.error ? "alert" : "status"} className="min-h-6 font-medium text-sm">
        {message.text}
      </p>
    </form>
  );
}

/** The welcome mail's settings (off by default); editors see them, administrators change them. */
export function WelcomeForm({ canEdit }: { canEdit: boolean }) {
  const welcome = useQuery(welcomeSettingsQuery);
  if (welcome.isPending) return <p className="text-muted-foreground">Loading the welcome mail…</p>;
  if (welcome.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        The welcome mail could not be loaded: {readableError(welcome.error)}
      </p>
    );
  return <Fields saved={welcome.data} canEdit={canEdit} />;
}
