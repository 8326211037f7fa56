import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { PLAYLIST_PLATFORMS } from "@waveform/contracts/catalogue";
import {
  type PlaylistFields,
  type PlaylistFieldsInput,
  PlaylistFieldsSchema,
  type PlaylistTrackInput,
} from "@waveform/contracts/console-playlists";
import { recognisePlaylistAddress, UNRECOGNISED_ADDRESS } from "@waveform/contracts/playlist-addresses";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { genreChoicesQuery, importFromSpotify } from "./console-playlists.queries";

export const EMPTY_PLAYLIST: PlaylistFieldsInput = {
  title: "",
  description: "",
  genreId: 0,
  curator: "",
  platform: "Spotify",
  platformAddress: "",
  imageUrl: null,
  featured: false,
};
const FIELDS = Object.keys(EMPTY_PLAYLIST) as (keyof PlaylistFieldsInput)[];
const textArea =
  "min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/**
 * The playlist's fields, checked with the contract's schema as the server checks them. A pasted
 * platform address is recognised as it is typed (and sets the platform); a Spotify one offers
 * 'Import from Spotify', which fills title, description and cover and hands the tracks to
 * `onImportedTracks`. A refused save puts the server's field messages on the fields and keeps
 * everything typed.
 */
export function PlaylistForm({
  defaultValues,
  submitLabel,
  onSubmit,
  onImportedTracks,
  children,
}: {
  defaultValues: PlaylistFieldsInput;
  submitLabel: string;
  /** Saves; a thrown request error is shown on the fields (or above the button). */
  onSubmit: (values: PlaylistFields) => Promise<unknown>;
  onImportedTracks?: (tracks: PlaylistTrackInput[]) => void;
  children?: ReactNode;
}) {
  const genres = useQuery(genreChoicesQuery);
  const form = useForm<PlaylistFieldsInput, unknown, PlaylistFields>({
    resolver: zodResolver(PlaylistFieldsSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const [importState, setImportState] = useState<{ busy: boolean; message: string }>({
    busy: false,
    message: "",
  });
  const address = form.watch("platformAddress");
  const recognised = address.trim() ? recognisePlaylistAddress(address) : null;

  const onAddress = (value: string) => {
    const found = value.trim() ? recognisePlaylistAddress(value) : null;
    if (found) form.setValue("platform", found.platform);
    if (found || !value.trim()) form.clearErrors("platformAddress");
  };
  const importPlaylist = async () => {
    setImportState({ busy: true, message: "Reading the playlist from Spotify…" });
    try {
      const filled = await importFromSpotify(address);
      form.setValue("title", filled.title, { shouldValidate: true });
      form.setValue("description", filled.description || filled.title, { shouldValidate: true });
      form.setValue("imageUrl", filled.imageUrl);
      form.setValue("platform", "Spotify");
      onImportedTracks?.(filled.tracks);
      const count = `${filled.tracks.length} track${filled.tracks.length === 1 ? "" : "s"}`;
      setImportState({ busy: false, message: filled.notice ?? `Imported "${filled.title}" with ${count}.` });
    } catch (error) {
      setImportState({ busy: false, message: `Nothing was imported: ${readableError(error)}` });
    }
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!showFieldIssues(error, FIELDS, form.setError))
        form.setError("root", { message: `Not saved: ${readableError(error)}` });
    }
  });

  const error = (name: keyof PlaylistFieldsInput) => errors[name]?.message;
  const control = (name: keyof PlaylistFieldsInput, hint?: string) =>
    fieldControlProps(`playlist-${name}`, error(name), hint);
  const addressHint = recognised
    ? `Recognised: ${recognised.platform} playlist ${recognised.platformId}`
    : "Paste the playlist's address on Spotify, Apple Music or YouTube Music (optional).";
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <FormField
        id="playlist-platformAddress"
        label="Platform address"
        hint={addressHint}
        error={error("platformAddress") ?? (address.trim() && !recognised ? UNRECOGNISED_ADDRESS : undefined)}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            inputMode="url"
            autoComplete="off"
            placeholder="https://open.spotify.com/playlist/…"
            {...control("platformAddress", addressHint)}
            {...form.register("platformAddress", { onChange: (event) => onAddress(event.target.value) })}
          />
          {/* Offered where the tracks can be taken too: a new playlist (the edit page has its own list). */}
          {recognised?.platform === "Spotify" && onImportedTracks && (
            <FormActions
              label="Import from Spotify"
              busyLabel="Importing…"
              busy={importState.busy}
              onClick={importPlaylist}
              variant="secondary"
            />
          )}
        </div>
      </FormField>
      {onImportedTracks && (
        <p role="status" className="min-h-5 text-sm">
          {importState.message}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="playlist-title" label="Title" error={error("title")}>
          <Input {...control("title")} {...form.register("title")} />
        </FormField>
        <FormField id="playlist-curator" label="Curator" error={error("curator")}>
          <Input {...control("curator")} {...form.register("curator")} />
        </FormField>
      </div>
      <FormField id="playlist-description" label="Description" error={error("description")}>
        <textarea className={textArea} {...control("description")} {...form.register("description")} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="playlist-genreId" label="Genre" error={error("genreId")}>
          <NativeSelect {...control("genreId")} {...form.register("genreId", { valueAsNumber: true })}>
            <option value={0}>{genres.isPending ? "Loading genres…" : "Choose a genre"}</option>
            {genres.data?.map((genre) => (
              <option key={genre.id} value={genre.id}>
                {genre.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="playlist-platform" label="Platform" error={error("platform")}>
          <NativeSelect {...control("platform")} {...form.register("platform")}>
            {PLAYLIST_PLATFORMS.map((platform) => (
              <option key={platform}>{platform}</option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        id="playlist-imageUrl"
        label="Cover address"
        hint="An https:// image address or a path on this site; empty for generated art."
        error={error("imageUrl")}
      >
        <Input
          inputMode="url"
          {...control("imageUrl", "hint")}
          {...form.register("imageUrl", {
            setValueAs: (value: string | null) => (value?.trim() ? value : null),
          })}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <input
          id="playlist-featured"
          type="checkbox"
          className="size-5 accent-[var(--primary)]"
          {...form.register("featured")}
        />
        <label htmlFor="playlist-featured" className="font-medium text-sm">
          Featured (listed among the site's featured playlists)
        </label>
      </div>
      {children}
      <FormError>{errors.root?.message}</FormError>
      <FormActions label={submitLabel} busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}
