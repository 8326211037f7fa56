import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AddPodcastFeedInput, AddPodcastFeedSchema } from "@waveform/contracts/console-podcasts";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { addPodcastFeed, consolePodcastsQuery } from "./console-podcasts.queries";

/**
 * 'Add feed': the address is read on the server (feed rules, address guard). A bad, unreachable or
 * malformed feed comes back as the field's error, and the address stays as typed.
 */
export function AddFeedForm({ onAdded }: { onAdded: (message: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<AddPodcastFeedInput>({
    resolver: zodResolver(AddPodcastFeedSchema),
    defaultValues: { feedUrl: "" },
  });
  const error = form.formState.errors.feedUrl?.message;
  const adding = useMutation({
    mutationFn: addPodcastFeed,
    onSuccess: async ({ result }) => {
      form.reset();
      onAdded(result.message);
      await queryClient.invalidateQueries({ queryKey: consolePodcastsQuery.queryKey });
    },
    onError: (failure) => {
      if (!showFieldIssues(failure, ["feedUrl"] as const, form.setError)) {
        form.setError("feedUrl", { type: "server", message: readableError(failure) }, { shouldFocus: true });
      }
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={form.handleSubmit((values) => adding.mutate(values))}
    >
      <FormField
        id="feed-url"
        label="Feed address"
        hint="The RSS or Atom address of the show, starting with https://"
        error={error}
        className="flex-1"
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…/feed.xml"
          {...fieldControlProps("feed-url", error, "hint")}
          {...form.register("feedUrl")}
        />
      </FormField>
      <FormActions
        label="Add feed"
        busyLabel="Reading the feed…"
        busy={adding.isPending}
        className="sm:mt-7"
      />
    </form>
  );
}
