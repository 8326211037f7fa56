import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import {
  type CreatedSpotifyPlaylist,
  type CreateSpotifyPlaylistInput,
  CreateSpotifyPlaylistSchema,
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_NAME_LENGTH,
} from "@waveform/contracts/spotify";
import { Loader2 } from "lucide-react";
import { useId } from "react";
import { useController, useForm, useWatch } from "react-hook-form";
import * as z from "zod/mini";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { type SourceKind, type SourceOption, SourcePicker } from "./source-picker";
import { saveSpotifyPlaylist } from "./spotify.queries";

const CreatorFieldsSchema = z.object({
  kind: z.enum(["playlist", "genre"]),
  /** The chosen playlist's id or genre's slug; empty until one is chosen. */
  source: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(["private", "public"]),
});
type CreatorFields = z.infer<typeof CreatorFieldsSchema>;

function toBody({ kind, source, name, description, visibility }: CreatorFields): CreateSpotifyPlaylistInput {
  return {
    name,
    public: visibility === "public",
    source: kind === "playlist" ? { kind, playlistId: Number(source) } : { kind, genre: source },
    ...(description.trim() ? { description } : {}),
  };
}

/**
 * The form's fields, checked by the endpoint's own schema (the name and description messages are the
 * contract's), and turned into the request body.
 */
const CreatorFormSchema = z.pipe(
  CreatorFieldsSchema.check(
    z.superRefine((fields, ctx) => {
      if (!fields.source) {
        const message = fields.kind === "playlist" ? "Please choose a playlist" : "Please choose a genre";
        ctx.addIssue({ code: "custom", path: ["source"], message, input: fields.source });
      }
      const body = CreateSpotifyPlaylistSchema.safeParse(toBody(fields));
      for (const issue of body.success ? [] : body.error.issues) {
        const [field] = issue.path;
        if (field === "name" || field === "description") {
          ctx.addIssue({ code: "custom", path: [field], message: issue.message, input: fields[field] });
        }
      }
    }),
  ),
  z.transform(toBody),
);

const blank: CreatorFields = {
  kind: "playlist",
  source: "",
  name: "",
  description: "",
  visibility: "private",
};

const visibilities = [
  { value: "private", label: "Private (only you)" },
  { value: "public", label: "Public (on your profile)" },
] as const;

/** Playlist Creator, once connected: pick a curated playlist or a genre, name it, and create it. */
export function PlaylistCreatorForm({
  playlists,
  genres,
  onCreated,
}: {
  playlists: SourceOption[];
  genres: SourceOption[];
  onCreated: (created: CreatedSpotifyPlaylist) => void;
}) {
  const ids = { name: useId(), description: useId() };
  const form = useForm({
    resolver: zodResolver(CreatorFormSchema),
    defaultValues: blank,
  });
  const { errors, dirtyFields } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });
  const { field: source } = useController({ control: form.control, name: "source" });
  const creation = useMutation({ mutationFn: saveSpotifyPlaylist, onSuccess: onCreated });

  /** A choice names the playlist until the visitor types a name of their own. */
  const choose = (next: { kind: SourceKind; source: string }, suggestedName: string) => {
    form.setValue("kind", next.kind);
    form.setValue("source", next.source);
    form.clearErrors("source");
    if (!dirtyFields.name) form.setValue("name", suggestedName);
  };

  return (
    <form
      noValidate
      aria-labelledby="creator-heading"
      className="space-y-6 rounded-2xl border bg-card p-6"
      onSubmit={form.handleSubmit(
        (body) => creation.mutate(body),
        () => creation.reset(),
      )}
    >
      <h2 id="creator-heading" className="font-semibold text-xl">
        Create a playlist in your Spotify account
      </h2>
      <SourcePicker
        kind={kind}
        value={source.value}
        playlists={playlists}
        genres={genres}
        error={errors.source?.message}
        selectRef={source.ref}
        onKindChange={(next) => choose({ kind: next, source: "" }, "")}
        onChoose={(value, suggestedName) => choose({ kind, source: value }, suggestedName)}
      />
      <div className="space-y-1.5">
        <label htmlFor={ids.name} className="font-medium text-sm">
          Playlist name
        </label>
        <Input
          id={ids.name}
          maxLength={MAX_PLAYLIST_NAME_LENGTH + 20}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${ids.name}-error` : undefined}
          {...form.register("name")}
        />
        {errors.name && (
          <p id={`${ids.name}-error`} className="text-destructive text-sm dark:text-red-400">
            {errors.name.message}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={ids.description} className="font-medium text-sm">
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={ids.description}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring md:text-sm"
          {...form.register("description")}
        />
        {errors.description && (
          <p id={`${ids.description}-error`} className="text-destructive text-sm dark:text-red-400">
            {errors.description.message}
          </p>
        )}
        <p className="text-muted-foreground text-xs">At most {MAX_PLAYLIST_DESCRIPTION_LENGTH} characters.</p>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Who can see it</legend>
        <div className="flex flex-wrap gap-6">
          {visibilities.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={option.value}
                className="size-4 accent-primary"
                {...form.register("visibility")}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {creation.error && (
        <ErrorNotice title="The playlist was not created" message={readableError(creation.error)} />
      )}
      <Button type="submit" size="lg" disabled={creation.isPending}>
        {creation.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {creation.isPending ? "Creating..." : "Create Playlist"}
      </Button>
    </form>
  );
}
