import { genreGradient, genreGradients } from "../../components/media/badges";
import { FormError } from "../../components/ui/form-error";
import { cn } from "../../lib/cn";

/** What each of the site's six genre gradients looks like, in words (for the radio labels). */
export const GENRE_COLOUR_NAMES = ["Violet", "Amber", "Rose", "Sky", "Emerald", "Slate"] as const;

/** The gradient the site draws for a colour index, as a small swatch (decorative). */
export function GenreSwatch({ colorIndex, className }: { colorIndex: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-6 shrink-0 rounded-md bg-gradient-to-br",
        genreGradient(colorIndex),
        className,
      )}
    />
  );
}

/**
 * The genre's colour as radio buttons over the site's own gradients (components/media/badges.tsx,
 * the ones the genre cards and banner use), so the curator picks what the site will draw.
 */
export function GenreColourPicker({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number;
  onChange: (index: number) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? "genre-colorIndex-error" : undefined} className="space-y-2">
      <legend className="font-medium text-sm">Colour</legend>
      <div className="flex flex-wrap gap-2">
        {genreGradients.map((_, index) => (
          <label
            key={GENRE_COLOUR_NAMES[index]}
            className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-checked:border-primary has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={index}
              checked={value === index}
              onChange={() => onChange(index)}
              className="sr-only"
            />
            <GenreSwatch colorIndex={index} className="size-8" />
            {GENRE_COLOUR_NAMES[index]}
          </label>
        ))}
      </div>
      <FormError id="genre-colorIndex-error">{error}</FormError>
    </fieldset>
  );
}
