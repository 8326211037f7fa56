import { type Ref, useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";

/** One thing a playlist can be made from: a curated playlist (value = id) or a genre (value = slug). */
export interface SourceOption {
  value: string;
  label: string;
  /** The name a new playlist made from it gets unless the visitor types one. */
  suggestedName: string;
}

export type SourceKind = "playlist" | "genre";

const kinds = [
  { kind: "playlist", label: "A curated playlist", placeholder: "Choose a playlist" },
  { kind: "genre", label: "A genre", placeholder: "Choose a genre" },
] as const;

/** 'Start from': a curated playlist or a genre, then which one (`value`, empty until chosen). */
export function SourcePicker({
  kind,
  value,
  playlists,
  genres,
  error,
  selectRef,
  onKindChange,
  onChoose,
}: {
  kind: SourceKind;
  value: string;
  playlists: SourceOption[];
  genres: SourceOption[];
  error: string | undefined;
  /** The select's trigger, so the form can focus it when nothing is chosen. */
  selectRef?: Ref<HTMLButtonElement>;
  onKindChange: (kind: SourceKind) => void;
  onChoose: (value: string, suggestedName: string) => void;
}) {
  const selectId = useId();
  const options = kind === "playlist" ? playlists : genres;
  const current = kinds.find((entry) => entry.kind === kind) ?? kinds[0];
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Start from</legend>
        <div className="flex flex-wrap gap-6">
          {kinds.map((entry) => (
            <label key={entry.kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="source-kind"
                checked={kind === entry.kind}
                onChange={() => onKindChange(entry.kind)}
                className="size-4 accent-primary"
              />
              {entry.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={selectId} className="font-medium text-sm">
          {kind === "playlist" ? "Playlist" : "Genre"}
        </label>
        <Select
          value={value}
          onValueChange={(chosen) =>
            onChoose(chosen, options.find((option) => option.value === chosen)?.suggestedName ?? "")
          }
        >
          <SelectTrigger
            id={selectId}
            ref={selectRef}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
          >
            <SelectValue placeholder={current.placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {error && (
          <p id={`${selectId}-error`} className="text-destructive text-sm dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
