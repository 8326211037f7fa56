import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type WelcomeSettings, WelcomeSettingsSchema } from "@waveform/contracts/newsletter-issues";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { saveWelcome, welcomeSettingsQuery } from "./console-newsletter.queries";

export const markdownArea =
  "min-h-40 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60";

function Fields({ saved, canEdit }: { saved: WelcomeSettings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(saved);
  const [message, setMessage] = useState<{ error: boolean; text: string }>({ error: false, text: "" });
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = WelcomeSettingsSchema.safeParse(values);
    if (!checked.success) {
      setMessage({ error: true, text: checked.error.issues[0]?.message ?? "Check the fields" });
      return;
    }
    setBusy(true);
    try {
      const stored = await saveWelcome(checked.data);
      queryClient.setQueryData(welcomeSettingsQuery.queryKey, stored);
      setMessage({
        error: false,
        text: stored.enabled ? "Welcome mail saved and on." : "Welcome mail saved (off).",
      });
    } catch (failure) {
      setMessage({ error: true, text: `Not saved: ${readableError(failure)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form aria-label="Welcome mail" onSubmit={onSubmit} className="max-w-2xl space-y-4" noValidate>
      {!canEdit && (
        <p className="text-muted-foreground text-sm">Only an administrator may change the welcome mail.</p>
      )}
      <fieldset disabled={!canEdit} className="space-y-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={values.enabled}
            onChange={(event) => setValues({ ...values, enabled: event.target.checked })}
          />
          Send a welcome mail to each new subscriber once they confirm
        </label>
        <FormField id="welcome-subject" label="Subject">
          <Input
            {...fieldControlProps("welcome-subject", undefined)}
            value={values.subject}
            onChange={(event) => setValues({ ...values, subject: event.target.value })}
          />
        </FormField>
        <FormField id="welcome-body" label="Text (Markdown)">
          <textarea
            {...fieldControlProps("welcome-body", undefined)}
            className={markdownArea}
            value={values.body}
            onChange={(event) => setValues({ ...values, body: event.target.value })}
          />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save the welcome mail"}
        </Button>
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
