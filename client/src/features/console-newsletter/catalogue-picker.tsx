import { useQuery } from "@tanstack/react-query";
import type { CatalogueBlockType } from "@waveform/contracts/newsletter-issues";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { FormError } from "../../components/ui/form-error";
import { NativeSelect } from "../../components/ui/native-select";
import { SearchInput } from "../../components/ui/search-input";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import {
  type CatalogueChoice,
  catalogueSearchQuery,
  newsletterSuggestionsQuery,
} from "./console-newsletter.queries";

/** Suggestions listed before 'Show all'. */
const SUGGESTIONS_SHOWN = 6;

export const BLOCK_LABELS: Record<CatalogueBlockType, string> = {
  playlist: "Playlist",
  release: "Release",
  episode: "Episode",
};

function ChoiceList({
  label,
  choices,
  isAdded,
  onAdd,
  disabled,
}: {
  label: string;
  choices: CatalogueChoice[];
  isAdded: (choice: CatalogueChoice) => boolean;
  onAdd: (choice: CatalogueChoice) => void;
  disabled: boolean;
}) {
  return (
    <ul aria-label={label} className="divide-y rounded-lg border">
      {choices.map((choice) => {
        const added = isAdded(choice);
        return (
          <li key={`${choice.type}:${choice.id}`} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-sm">{choice.title}</p>
              <p className="truncate text-muted-foreground text-xs">
                {BLOCK_LABELS[choice.type]} · {choice.subtitle}
              </p>
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={disabled || added}
              aria-label={added ? `Added ${choice.title}` : `Add ${choice.title}`}
              onClick={() => onAdd(choice)}
            >
              {added ? "Added" : "Add"}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Catalogue blocks for the issue: what joined the catalogue since the last sent issue, offered
 * first, and a search of playlists, releases or episodes.
 */
export function CataloguePicker({
  isAdded,
  onAdd,
  disabled,
}: {
  isAdded: (choice: CatalogueChoice) => boolean;
  onAdd: (choice: CatalogueChoice) => void;
  disabled: boolean;
}) {
  const suggestions = useQuery(newsletterSuggestionsQuery);
  const [type, setType] = useState<CatalogueBlockType>("playlist");
  const [typed, setTyped] = useState("");
  const [showAll, setShowAll] = useState(false);
  const q = useDebouncedValue(typed.trim(), 300);
  const search = useQuery({ ...catalogueSearchQuery(type, q), enabled: q.length > 0 });
  const found = {
    choices: q.length > 0 ? (search.data ?? []) : [],
    pending: search.isFetching,
    error: search.error,
  };
  const suggested = (suggestions.data?.suggestions ?? []).map(({ type, id, title, subtitle }) => ({
    type,
    id,
    title,
    subtitle,
  }));
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className="font-semibold">Find in the catalogue</h3>
        <div className="flex flex-wrap gap-2">
          <NativeSelect
            aria-label="Kind of item"
            value={type}
            onChange={(event) => setType(event.target.value as CatalogueBlockType)}
            className="w-36"
            disabled={disabled}
          >
            <option value="playlist">Playlists</option>
            <option value="release">Releases</option>
            <option value="episode">Episodes</option>
          </NativeSelect>
          <SearchInput
            aria-label="Search the catalogue"
            placeholder="Title, artist or show"
            value={typed}
            onValueChange={setTyped}
            className="min-w-0 flex-1"
            disabled={disabled}
          />
        </div>
        <p aria-live="polite" className="text-muted-foreground text-sm">
          {q === ""
            ? ""
            : found.pending
              ? "Searching…"
              : found.choices.length === 0 && !found.error
                ? `No ${BLOCK_LABELS[type].toLowerCase()} matches "${q}".`
                : ""}
        </p>
        {found.error && <FormError>The search failed: {readableError(found.error)}</FormError>}
        {found.choices.length > 0 && (
          <ChoiceList
            label="Search results"
            choices={found.choices}
            isAdded={isAdded}
            onAdd={onAdd}
            disabled={disabled}
          />
        )}
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold">
          {suggestions.data?.since
            ? `New since the last issue (${consoleTime(suggestions.data.since)})`
            : "New in the catalogue (no issue sent yet)"}
        </h3>
        {suggestions.isPending ? (
          <p className="text-muted-foreground text-sm">Loading suggestions…</p>
        ) : suggestions.isError ? (
          <FormError>The suggestions could not be loaded: {readableError(suggestions.error)}</FormError>
        ) : suggested.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing new in the catalogue since the last issue.</p>
        ) : (
          <ChoiceList
            label="Suggested blocks"
            choices={showAll ? suggested : suggested.slice(0, SUGGESTIONS_SHOWN)}
            isAdded={isAdded}
            onAdd={onAdd}
            disabled={disabled}
          />
        )}
        {suggested.length > SUGGESTIONS_SHOWN && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setShowAll(!showAll)}>
            {showAll ? "Show fewer" : `Show all ${suggested.length} suggestions`}
          </Button>
        )}
      </div>
    </div>
  );
}
