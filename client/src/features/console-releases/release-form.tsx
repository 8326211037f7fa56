import { zodResolver } from "@hookform/resolvers/zod";
import { PLAYLIST_PLATFORMS } from "@waveform/contracts/catalogue";
import {
  type ConsoleRelease,
  RELEASE_LIMITS,
  type ReleaseFields,
  type ReleaseFieldsInput,
  ReleaseFieldsSchema,
} from "@waveform/contracts/console-releases";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";

export const EMPTY_RELEASE: ReleaseFieldsInput = {
  title: "",
  artist: "",
  imageUrl: null,
  releaseDate: "",
  trackCount: 10,
  platform: "Spotify",
  externalUrl: "https://",
  isNew: true,
};
const FIELDS = Object.keys(EMPTY_RELEASE) as (keyof ReleaseFieldsInput)[];

/** The form's values for a stored release (its id and slug are not edited). */
export function releaseValues(release: ConsoleRelease): ReleaseFieldsInput {
  const { id: _id, slug: _slug, ...fields } = release;
  return fields;
}

/**
 * A release's fields, checked with the contract's schema as the server checks them. A refused save
 * puts the server's field messages beside the fields and keeps everything typed. Give it a `key`
 * per release, so choosing another one starts from that release's values.
 */
export function ReleaseForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: ReleaseFieldsInput;
  submitLabel: string;
  /** Saves; a thrown request error is shown on the fields (or above the button). */
  onSubmit: (values: ReleaseFields) => Promise<unknown>;
}) {
  const form = useForm<ReleaseFieldsInput, unknown, ReleaseFields>({
    resolver: zodResolver(ReleaseFieldsSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!showFieldIssues(error, FIELDS, form.setError))
        form.setError("root", { message: `Not saved: ${readableError(error)}` });
    }
  });
  const error = (name: keyof ReleaseFieldsInput) => errors[name]?.message;
  const control = (name: keyof ReleaseFieldsInput, hint?: string) =>
    fieldControlProps(`release-${name}`, error(name), hint);
  const imageHint = "An https:// image address or a path on this site; empty for generated art.";
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="release-title" label="Title" error={error("title")}>
          <Input {...control("title")} {...form.register("title")} />
        </FormField>
        <FormField id="release-artist" label="Artist" error={error("artist")}>
          <Input {...control("artist")} {...form.register("artist")} />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField id="release-releaseDate" label="Release date" error={error("releaseDate")}>
          <Input type="date" {...control("releaseDate")} {...form.register("releaseDate")} />
        </FormField>
        <FormField
          id="release-trackCount"
          label="Tracks"
          hint={`1 to ${RELEASE_LIMITS.trackCount}`}
          error={error("trackCount")}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={RELEASE_LIMITS.trackCount}
            step={1}
            {...control("trackCount", "hint")}
            {...form.register("trackCount", { valueAsNumber: true })}
          />
        </FormField>
        <FormField id="release-platform" label="Platform" error={error("platform")}>
          <NativeSelect {...control("platform")} {...form.register("platform")}>
            {PLAYLIST_PLATFORMS.map((platform) => (
              <option key={platform}>{platform}</option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        id="release-externalUrl"
        label="Platform address"
        hint="Where 'Listen' goes: the release on its platform."
        error={error("externalUrl")}
      >
        <Input
          type="url"
          inputMode="url"
          {...control("externalUrl", "hint")}
          {...form.register("externalUrl")}
        />
      </FormField>
      <FormField id="release-imageUrl" label="Cover address" hint={imageHint} error={error("imageUrl")}>
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
          id="release-isNew"
          type="checkbox"
          className="size-5 accent-[var(--primary)]"
          {...form.register("isNew")}
        />
        <label htmlFor="release-isNew" className="font-medium text-sm">
          New (marked 'New' on the new releases page)
        </label>
      </div>
      <FormError>{errors.root?.message}</FormError>
      <FormActions label={submitLabel} busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}
