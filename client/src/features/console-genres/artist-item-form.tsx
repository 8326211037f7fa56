import { zodResolver } from "@hookform/resolvers/zod";
import { PLAYLIST_PLATFORMS } from "@waveform/contracts/catalogue";
import {
  type GenreArtistInput,
  GenreArtistInputSchema,
  type GenreArtistInputValues,
} from "@waveform/contracts/console-genres";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useItemForm } from "./use-item-form";

const FIELDS = ["name", "platform", "imageUrl"] as const;
const LABELS = { name: "Name", platform: "Platform", imageUrl: "Image address" } as const;

/**
 * One genre artist's name, platform and image as a small form: a row of the list (Save, Remove)
 * or the 'Add an artist' form (emptied after a save). `what` names the row in its controls' names.
 */
export function ArtistItemForm({
  idBase,
  what,
  defaultValues,
  submitLabel,
  onSubmit,
  onRemove,
}: {
  idBase: string;
  what?: string;
  defaultValues: GenreArtistInputValues;
  submitLabel: string;
  onSubmit: (values: GenreArtistInput) => Promise<unknown>;
  onRemove?: () => Promise<unknown>;
}) {
  const { form, fail, submit } = useItemForm<GenreArtistInputValues, GenreArtistInput>({
    resolver: zodResolver(GenreArtistInputSchema),
    defaultValues,
    fields: FIELDS,
    rowForm: onRemove !== undefined,
    onSubmit,
  });
  const { errors, isSubmitting } = form.formState;
  const id = (name: string) => `${idBase}-${name}`;
  const control = (name: (typeof FIELDS)[number]) => ({
    ...fieldControlProps(id(name), errors[name]?.message),
    // Every row has the same visible labels: the name says which artist (or the new one) it is.
    "aria-label": what ? `${LABELS[name]} of ${what}` : `New artist's ${LABELS[name].toLowerCase()}`,
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_1fr]">
        <FormField id={id("name")} label={LABELS.name} error={errors.name?.message}>
          <Input {...control("name")} {...form.register("name")} />
        </FormField>
        <FormField id={id("platform")} label={LABELS.platform} error={errors.platform?.message}>
          <NativeSelect {...control("platform")} {...form.register("platform")}>
            {PLAYLIST_PLATFORMS.map((platform) => (
              <option key={platform}>{platform}</option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id("imageUrl")} label={LABELS.imageUrl} error={errors.imageUrl?.message}>
          <Input
            inputMode="url"
            placeholder="Empty: generated portrait"
            {...control("imageUrl")}
            {...form.register("imageUrl", {
              setValueAs: (value: string | null) => (value?.trim() ? value : null),
            })}
          />
        </FormField>
      </div>
      <FormActions
        label={submitLabel}
        busyLabel="Saving…"
        busy={isSubmitting}
        size="sm"
        aria-label={what ? `${submitLabel}: ${what}` : undefined}
      >
        {onRemove && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={isSubmitting}
            aria-label={`Remove: ${what}`}
            onClick={() => onRemove().catch(fail)}
          >
            Remove
          </Button>
        )}
      </FormActions>
      <FormError>{errors.root?.message}</FormError>
    </form>
  );
}
