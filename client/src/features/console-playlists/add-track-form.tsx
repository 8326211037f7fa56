import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type ConsolePlaylist, PlaylistTrackInputSchema } from "@waveform/contracts/console-playlists";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { addTrack } from "./console-playlists.queries";

/** The track form: duration typed as m:ss (how curators read it), sent in seconds. */
const AddTrackSchema = z.object({
  title: PlaylistTrackInputSchema.shape.title,
  artist: PlaylistTrackInputSchema.shape.artist,
  duration: z
    .string()
    .check(z.trim(), z.regex(/^\d{1,3}:[0-5]\d$/, "Type the length as minutes:seconds, e.g. 3:45")),
  spotifyUri: z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^(spotify:track:[A-Za-z0-9]{22})?$/,
        "A Spotify track looks like spotify:track:<22 letters or digits>",
      ),
    ),
});
type AddTrackValues = z.infer<typeof AddTrackSchema>;
const FIELDS = ["title", "artist", "duration", "spotifyUri"] as const;
const seconds = (duration: string) => {
  const [minutes = "0", rest = "0"] = duration.split(":");
  return Number(minutes) * 60 + Number(rest);
};

/** Adds one track at the end of the list; what was typed stays when the save fails. */
export function AddTrackForm({
  playlistId,
  onSaved,
}: {
  playlistId: number;
  onSaved: (playlist: ConsolePlaylist) => void;
}) {
  const form = useForm<AddTrackValues>({
    resolver: zodResolver(AddTrackSchema),
    defaultValues: { title: "", artist: "", duration: "", spotifyUri: "" },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: AddTrackValues) =>
      addTrack(playlistId, {
        title: values.title,
        artist: values.artist,
        durationSeconds: seconds(values.duration),
        spotifyUri: values.spotifyUri || null,
      }),
    onSuccess: (saved) => {
      form.reset();
      onSaved(saved);
    },
    onError: (error) => {
      // The server names the length `durationSeconds`; the form's field is `duration`.
      const shown = showFieldIssues(error, [...FIELDS, "durationSeconds"] as const, (name, issue, options) =>
        form.setError(name === "durationSeconds" ? "duration" : name, issue, options),
      );
      if (!shown) form.setError("root", { message: `The track was not added: ${readableError(error)}` });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormField id="track-title" label="Track title" error={errors.title?.message}>
        <Input {...fieldControlProps("track-title", errors.title?.message)} {...form.register("title")} />
      </FormField>
      <FormField id="track-artist" label="Artist" error={errors.artist?.message}>
        <Input {...fieldControlProps("track-artist", errors.artist?.message)} {...form.register("artist")} />
      </FormField>
      <FormField id="track-duration" label="Length (m:ss)" error={errors.duration?.message}>
        <Input
          inputMode="numeric"
          placeholder="3:45"
          {...fieldControlProps("track-duration", errors.duration?.message)}
          {...form.register("duration")}
        />
      </FormField>
      <FormField id="track-uri" label="Spotify track (optional)" error={errors.spotifyUri?.message}>
        <Input
          placeholder="spotify:track:…"
          {...fieldControlProps("track-uri", errors.spotifyUri?.message)}
          {...form.register("spotifyUri")}
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormError className="mb-2">{errors.root?.message}</FormError>
        <FormActions label="Add track" busyLabel="Adding…" busy={save.isPending} variant="secondary" />
      </div>
    </form>
  );
}
