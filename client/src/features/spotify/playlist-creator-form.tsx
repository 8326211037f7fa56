import {
  type CreatedSpotifyPlaylist,
  type CreateSpotifyPlaylistInput,
  CreateSpotifyPlaylistSchema,
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_NAME_LENGTH,
} from "@waveform/contracts/spotify";
import { Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api-client";
import { type SourceChoice, type SourceOption, SourcePicker } from "./source-picker";
import { saveSpotifyPlaylist } from "./spotify.queries";

type FieldErrors = Partial<Record<"source" | "name" | "description", string>>;

function toBody(choice: SourceChoice, name: string, description: string, isPublic: boolean) {
  const source =
    choice.kind === "playlist"
      ? { kind: "playlist" as const, playlistId: Number(choice.value) }
      : { kind: "genre" as const, genre: choice.value };
  const body: CreateSpotifyPlaylistInput = { name, public: isPublic, source };
  if (description.trim()) body.description = description;
  return body;
}

/** Checks the form with the endpoint's own schema; field messages for what is wrong. */
function validate(choice: SourceChoice, body: CreateSpotifyPlaylistInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!choice.value)
    errors.source = choice.kind === "playlist" ? "Please choose a playlist" : "Please choose a genre";
  const parsed = CreateSpotifyPlaylistSchema.safeParse(body);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "description") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

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
  const [choice, setChoice] = useState<SourceChoice>({ kind: "playlist", value: "" });
  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [isPublic, setIsPublic] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const choose = (next: SourceChoice, suggestedName: string) => {
    setChoice(next);
    setErrors((current) => ({ ...current, source: undefined }));
    if (!nameTouched) setName(suggestedName);
  };

  const submit = async () => {
    const body = toBody(choice, name, description, isPublic);
    const found = validate(choice, body);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    setCreating(true);
    try {
      onCreated(await saveSpotifyPlaylist(body));
    } catch (error) {
      setFailure(readableError(error));
    } finally {
      setCreating(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="creator-heading"
      className="space-y-6 rounded-2xl border bg-card p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="creator-heading" className="font-semibold text-xl">
        Create a playlist in your Spotify account
      </h2>
      <SourcePicker
        choice={choice}
        playlists={playlists}
        genres={genres}
        error={errors.source}
        onChoose={choose}
      />
      <div className="space-y-1.5">
        <label htmlFor={ids.name} className="font-medium text-sm">
          Playlist name
        </label>
        <Input
          id={ids.name}
          value={name}
          maxLength={MAX_PLAYLIST_NAME_LENGTH + 20}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${ids.name}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameTouched(true);
          }}
        />
        {errors.name && (
          <p id={`${ids.name}-error`} className="text-destructive text-sm dark:text-red-400">
            {errors.name}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={ids.description} className="font-medium text-sm">
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={ids.description}
          value={description}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          onChange={(event) => setDescription(event.target.value)}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring md:text-sm"
        />
        {errors.description && (
          <p id={`${ids.description}-error`} className="text-destructive text-sm dark:text-red-400">
            {errors.description}
          </p>
        )}
        <p className="text-muted-foreground text-xs">At most {MAX_PLAYLIST_DESCRIPTION_LENGTH} characters.</p>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Who can see it</legend>
        <div className="flex flex-wrap gap-6">
          {[
            { value: false, label: "Private (only you)" },
            { value: true, label: "Public (on your profile)" },
          ].map((option) => (
            <label key={option.label} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="visibility"
                checked={isPublic === option.value}
                onChange={() => setIsPublic(option.value)}
                className="size-4 accent-primary"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {failure && <ErrorNotice title="The playlist was not created" message={failure} />}
      <Button type="submit" size="lg" disabled={creating}>
        {creating && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {creating ? "Creating..." : "Create Playlist"}
      </Button>
    </form>
  );
}
