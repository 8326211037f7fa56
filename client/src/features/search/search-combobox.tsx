import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchResult } from "@waveform/contracts/search";
import { SEARCH_KIND_LABELS, SEARCH_QUERY_MAX, searchPagePath } from "@waveform/contracts/search-kinds";
import { Clock, Loader2, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { HighlightedText } from "./highlighted-text";
import { clearRecentSearches, readRecentSearches, rememberSearch } from "./recent-searches";
import { searchQuery } from "./search.queries";
import { ResultArtwork } from "./search-result-row";

export interface SearchComboboxProps {
  inputId: string;
  inputClassName: string;
  /** What was typed into the plain field before this code arrived. */
  initialValue: string;
  focusOnMount: boolean;
  /** The keys that focus the field from anywhere on the page (`aria-keyshortcuts`). */
  keyShortcuts: string;
}

const DEBOUNCE_MS = 150;
const SPINNER_AFTER_MS = 300;
const PER_GROUP = 3;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

type Option =
  | { kind: "result"; result: SearchResult }
  | { kind: "recent"; query: string }
  | { kind: "all"; query: string };

/** True once `busy` has stayed true for `ms`: a spinner only for answers that take a while. */
function useSlow(busy: boolean, ms: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(timer);
  }, [busy, ms]);
  return slow;
}

/**
 * The header's search as a WAI-ARIA combobox with a listbox: suggestions grouped by kind (3 each)
 * as the visitor types, recent searches when the field is empty. Queries are debounced; a query
 * whose answer is no longer wanted is cancelled (TanStack Query aborts it when its key is left)
 * and an older answer is never shown over a newer one (answers are kept per query).
 */
export function SearchCombobox({
  inputId,
  inputClassName,
  initialValue,
  focusOnMount,
  keyShortcuts,
}: SearchComboboxProps) {
  const navigate = useNavigate();
  const listboxId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialValue);
  const [open, setOpen] = useState(focusOnMount);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const typed = value.trim();
  const settled = useDebouncedValue(typed, DEBOUNCE_MS);
  const searchable =
    settled.length > 0 && settled.length <= SEARCH_QUERY_MAX && !CONTROL_CHARACTERS.test(settled);
  const answer = useQuery({
    ...searchQuery({ q: settled, limit: PER_GROUP }),
    enabled: open && searchable,
    placeholderData: keepPreviousData,
  });
  const slow = useSlow(answer.isFetching, SPINNER_AFTER_MS);

  // In the commit that puts the field in place of the plain one: a key pressed after it lands here.
  useLayoutEffect(() => {
    if (!focusOnMount || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(input.current.value.length, input.current.value.length);
    setRecent(readRecentSearches());
  }, [focusOnMount]);

  const groups = typed && answer.data ? answer.data.groups : [];
  const options: Option[] = typed
    ? [
        ...groups.flatMap((group) => group.results.map((result): Option => ({ kind: "result", result }))),
        { kind: "all", query: typed },
      ]
    : recent.map((query): Option => ({ kind: "recent", query }));
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (href: string, remembered: string) => {
    rememberSearch(remembered);
    close();
    input.current?.blur();
    navigate(href);
  };
  const choose = (option: Option) => {
    if (option.kind === "result") go(option.result.href, typed);
    else go(searchPagePath(option.query), option.query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (options.length === 0) return;
      const count = options.length;
      setActive((current) =>
        event.key === "ArrowDown" ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
      );
    } else if (event.key === "Enter") {
      const option = expanded ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (value) {
        event.preventDefault();
        setValue("");
      }
    }
  };

  let index = -1;
  const renderOption = (option: Option) => {
    index++;
    const at = index;
    const selected = at === active;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen from the field's keys (aria-activedescendant); a click is the pointer's way
      <div
        key={optionId(at)}
        id={optionId(at)}
        role="option"
        aria-selected={selected}
        tabIndex={-1}
        className={`flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm ${selected ? "bg-accent text-accent-foreground" : ""}`}
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={() => setActive(at)}
        onClick={() => choose(option)}
      >
        {option.kind === "result" ? (
          <>
            <ResultArtwork result={option.result} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">
                <HighlightedText text={option.result.title} ranges={option.result.matches} />
              </span>
              <span className="block truncate text-muted-foreground text-xs">{option.result.subtitle}</span>
            </span>
          </>
        ) : (
          <>
            {option.kind === "recent" ? (
              <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            ) : (
              <Search className="size-4 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="truncate">
              {option.kind === "recent" ? option.query : <>All results for “{option.query}”</>}
            </span>
          </>
        )}
      </div>
    );
  };

  const status = !typed
    ? ""
    : answer.data && answer.data.query === settled
      ? `${groups.reduce((sum, group) => sum + group.count, 0)} results`
      : "";

  return (
    <search>
      <form
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed) go(searchPagePath(typed), typed);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        {slow ? (
          <Loader2
            className="pointer-events-none absolute top-2.5 left-3 size-4 animate-spin text-muted-foreground"
            aria-hidden="true"
          />
        ) : (
          <Search
            className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
            aria-hidden="true"
          />
        )}
        <input
          ref={input}
          id={inputId}
          type="search"
          name="q"
          role="combobox"
          aria-label="Search the site"
          aria-keyshortcuts={keyShortcuts}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder="Search music, podcasts, merch…"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX}
          enterKeyHint="search"
          className={inputClassName}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            setRecent(readRecentSearches());
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="sr-only" aria-live="polite">
          {status}
        </div>
        <div
          className={`absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg md:w-[28rem] ${expanded ? "" : "hidden"}`}
        >
          <div id={listboxId} role="listbox" aria-label="Suggestions">
            {typed
              ? [
                  ...groups.map((group) => (
                    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (WAI-ARIA APG), not a form fieldset
                    <div key={group.type} role="group" aria-labelledby={`${listboxId}-${group.type}`}>
                      <div
                        id={`${listboxId}-${group.type}`}
                        role="presentation"
                        className="px-2 pt-2 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
                      >
                        {SEARCH_KIND_LABELS[group.type]}
                      </div>
                      {group.results.map((result) => renderOption({ kind: "result", result }))}
                    </div>
                  )),
                  renderOption({ kind: "all", query: typed }),
                ]
              : recent.length > 0 && (
                  // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (WAI-ARIA APG), not a form fieldset
                  <div role="group" aria-labelledby={`${listboxId}-recent`}>
                    <div
                      id={`${listboxId}-recent`}
                      role="presentation"
                      className="px-2 pt-2 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
                    >
                      Recent searches
                    </div>
                    {recent.map((query) => renderOption({ kind: "recent", query }))}
                  </div>
                )}
          </div>
          {!typed && recent.length > 0 && (
            <button
              type="button"
              className="mt-1 w-full rounded-md px-2 py-1.5 text-left text-muted-foreground text-xs hover:bg-accent"
              onClick={() => {
                clearRecentSearches();
                setRecent([]);
                input.current?.focus();
              }}
            >
              Clear recent searches
            </button>
          )}
        </div>
      </form>
    </search>
  );
}
