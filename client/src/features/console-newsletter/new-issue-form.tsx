import { useQueryClient } from "@tanstack/react-query";
import { IssueFieldsSchema } from "@waveform/contracts/newsletter-issues";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { createIssue } from "./console-newsletter.queries";
import { slugFromTitle } from "./issue-draft";

/** Starts a draft from its title (its slug made from the title) and opens it in the composer. */
export function NewIssueForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field as it is on screen: a title typed before the page's code took over is in the field,
    // never in any React state, and a submit held until then reads it here.
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    const fields = { title, slug: slugFromTitle(title), intro: "", sections: [] };
    const checked = IssueFieldsSchema.safeParse(fields);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Check the title");
      return;
    }
    setBusy(true);
    setError("");
    try {
      const issue = await createIssue(checked.data);
      void queryClient.invalidateQueries({ queryKey: ["console", "newsletter", "issues"] });
      navigate(`/admin/newsletter/${issue.id}`);
    } catch (failure) {
      setError(readableError(failure));
      setBusy(false);
    }
  };
  return (
    <form aria-label="New issue" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
      <FormField
        id="new-issue-title"
        label="Title of the new issue"
        error={error}
        className="min-w-0 flex-1 sm:max-w-md"
      >
        <Input
          {...fieldControlProps("new-issue-title", error)}
          name="title"
          defaultValue=""
          placeholder="Friday picks, 27 November"
        />
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? "Creating…" : "Start a draft"}
      </Button>
    </form>
  );
}
