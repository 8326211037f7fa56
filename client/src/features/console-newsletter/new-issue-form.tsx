import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type IssueFields, IssueFieldsSchema } from "@waveform/contracts/newsletter-issues";
import type { FormEvent } from "react";
import { type Resolver, type ResolverResult, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { createIssue } from "./console-newsletter.queries";
import { slugFromTitle } from "./issue-draft";

interface NewIssueValues {
  title: string;
}

/**
 * The draft a title starts, checked with the contract's schema as the server checks it: its slug is
 * made from the title, so whatever is wrong with either is said under the title.
 */
const draftFromTitle: Resolver<NewIssueValues, unknown, IssueFields> = async ({
  title,
}): Promise<ResolverResult<NewIssueValues, IssueFields>> => {
  const checked = IssueFieldsSchema.safeParse({ title, slug: slugFromTitle(title), intro: "", sections: [] });
  if (checked.success) return { values: checked.data, errors: {} };
  const message = checked.error.issues[0]?.message ?? "Check the title";
  return { values: {}, errors: { title: { type: "validate", message } } };
};

/** Starts a draft from its title (its slug made from the title) and opens it in the composer. */
export function NewIssueForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // No default value: registering the field then keeps what is in it instead of emptying it.
  const form = useForm<NewIssueValues, unknown, IssueFields>({
    resolver: draftFromTitle,
    reValidateMode: "onSubmit",
  });
  const creating = useMutation({
    mutationFn: createIssue,
    onSuccess: (issue) => {
      void queryClient.invalidateQueries({ queryKey: ["console", "newsletter", "issues"] });
      navigate(`/admin/newsletter/${issue.id}`);
    },
    onError: (failure) => form.setError("title", { type: "server", message: readableError(failure) }),
  });
  const submit = form.handleSubmit((fields) => creating.mutate(fields));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The field as it is on screen: a title typed before the page's code took over is in the field
    // with no input event for the form to have seen, and a submit held until then reads it here.
    form.setValue("title", String(new FormData(event.currentTarget).get("title") ?? ""));
    void submit(event);
  };
  const error = form.formState.errors.title?.message;
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
          {...form.register("title")}
          defaultValue=""
          placeholder="Friday picks, 27 November"
        />
      </FormField>
      <FormActions
        label="Start a draft"
        busyLabel="Creating…"
        // Still busy once created: the composer opens next.
        busy={creating.isPending || creating.isSuccess}
      />
    </form>
  );
}
