import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ConsoleGenre,
  GENRE_LIMITS,
  type GenreFields,
  type GenreFieldsInput,
  GenreFieldsSchema,
} from "@waveform/contracts/console-genres";
import { Controller, useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { GenreColourPicker } from "./genre-colours";

const FIELDS = ["name", "description", "colorIndex", "imageUrl", "sortOrder"] as const;
const textArea =
  "min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring md:text-sm";

const genreValues = (genre: ConsoleGenre): GenreFieldsInput => ({
  name: genre.name,
  description: genre.description,
  colorIndex: genre.colorIndex,
  imageUrl: genre.imageUrl,
  sortOrder: genre.sortOrder,
});

/**
 * A genre's texts, colour, image and order, checked with the contract's schema as the server
 * checks them. A refused save puts the server's messages beside the fields and keeps what was typed.
 */
export function GenreForm({
  genre,
  onSubmit,
}: {
  genre: ConsoleGenre;
  onSubmit: (values: GenreFields) => Promise<unknown>;
}) {
  const form = useForm<GenreFieldsInput, unknown, GenreFields>({
    resolver: zodResolver(GenreFieldsSchema),
    defaultValues: genreValues(genre),
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
  const error = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const control = (name: (typeof FIELDS)[number], hint?: string) =>
    fieldControlProps(`genre-${name}`, error(name), hint);
  const slugHint = `Renaming keeps the address /genres/${genre.slug}; links by name follow the new name.`;
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <FormField id="genre-name" label="Name" hint={slugHint} error={error("name")}>
        <Input {...control("name", slugHint)} {...form.register("name")} />
      </FormField>
      <FormField
        id="genre-description"
        label="Description"
        hint={`Shown on the genres page and in search; at most ${GENRE_LIMITS.description} characters.`}
        error={error("description")}
      >
        <textarea
          className={textArea}
          {...control("description", "hint")}
          {...form.register("description")}
        />
      </FormField>
      <Controller
        control={form.control}
        name="colorIndex"
        render={({ field }) => (
          <GenreColourPicker
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            error={error("colorIndex")}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
        <FormField
          id="genre-imageUrl"
          label="Image address"
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
        <FormField
          id="genre-sortOrder"
          label="Sort order"
          hint="Lower comes first."
          error={error("sortOrder")}
        >
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            {...control("sortOrder", "hint")}
            {...form.register("sortOrder", { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <FormError>{errors.root?.message}</FormError>
      <FormActions label="Save genre" busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}
