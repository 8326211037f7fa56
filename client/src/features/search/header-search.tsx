import { SEARCH_QUERY_MAX } from "@waveform/contracts/search-kinds";
import { Search, X } from "lucide-react";
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { cn } from "../../lib/cn";
import type { SearchComboboxProps } from "./search-combobox";

const SEARCH_INPUT_ID = "site-search";
/**
 * The keys that focus the search from anywhere (handled below once the header has hydrated, and by
 * the early-events script before: lib/early-events.ts); announced by screen readers.
 */
const SEARCH_SHORTCUTS = "/ Control+K Meta+K";
const inputClass =
  "h-9 w-full rounded-md border border-input bg-background pr-3 pl-9 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Typing into a field or an editor: `/` is then a letter, not the search shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The header's search: a plain server-rendered GET form (it works before and without JavaScript),
 * which becomes the suggesting combobox once the visitor reaches for it (focus, pointer, `/` or
 * Ctrl/⌘-K). The combobox's code is its own chunk, so it adds nothing to a page's first load.
 * On phones a 'Search' button opens it full width under the header.
 */
export function HeaderSearch() {
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const loading = useRef(false);
  const plainInput = useRef<HTMLInputElement>(null);
  const location = useLocation();

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import("./search-combobox").then(
      // In one task, render to focus (the combobox's layout effect): the plain field's text is read
      // and its focus handed on with no moment between for a key to land in a field on its way out.
      (module) => flushSync(() => setCombobox(() => module.SearchCombobox)),
      () => {
        loading.current = false; // the plain form still works; the next focus tries again
      },
    );
  };

  // Any navigation closes the phone's field; the page's first render is none. (Run on the first
  // render too, it would close a field opened by a tap made before the page's code ran: that tap,
  // replayed, opens it in the render that hydrates the header, ahead of this effect.)
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    setPhoneOpen(false);
  }, [location.key]);

  // Reached for before the page's code ran (the field took the focus, maybe text too): the
  // combobox comes now, with what was typed and the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the header hydrates
  useEffect(() => {
    if (document.activeElement === plainInput.current) load();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut =
        (event.key === "/" && !isTyping(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) ||
        (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey));
      if (!shortcut) return;
      event.preventDefault();
      if (window.matchMedia("(max-width: 767px)").matches) setPhoneOpen(true);
      // After a render that shows the field on phones.
      requestAnimationFrame(() => document.getElementById(SEARCH_INPUT_ID)?.focus());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // In the commit that shows the field, so that the next key typed lands in it.
  useLayoutEffect(() => {
    if (phoneOpen) document.getElementById(SEARCH_INPUT_ID)?.focus();
  }, [phoneOpen]);

  return (
    <>
      <a
        href="/search"
        className="ml-auto inline-flex h-9 items-center gap-1.5 rounded-md px-2 font-medium text-sm hover:bg-accent md:hidden"
        aria-expanded={phoneOpen}
        aria-controls="header-search"
        onClick={(event) => {
          event.preventDefault();
          load();
          setPhoneOpen((open) => !open);
        }}
      >
        {phoneOpen ? (
          <X className="size-4" aria-hidden="true" />
        ) : (
          <Search className="size-4" aria-hidden="true" />
        )}
        {/* The word fits from 400 px; below, the button is the magnifier named 'Search'. */}
        <span className="sr-only min-[400px]:not-sr-only">{phoneOpen ? "Close" : "Search"}</span>
      </a>
      <div
        id="header-search"
        className={cn(
          "relative md:order-none md:block md:w-auto md:max-w-sm md:flex-1",
          phoneOpen ? "order-last w-full pb-3 md:pb-0" : "hidden",
        )}
      >
        {Combobox ? (
          <Combobox
            inputId={SEARCH_INPUT_ID}
            inputClassName={inputClass}
            initialValue={plainInput.current?.value ?? ""}
            focusOnMount={document.activeElement === plainInput.current}
            keyShortcuts={SEARCH_SHORTCUTS}
          />
        ) : (
          <search>
            <form action="/search" method="get">
              <Search
                className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
                aria-hidden="true"
              />
              <input
                ref={plainInput}
                id={SEARCH_INPUT_ID}
                type="search"
                name="q"
                aria-label="Search the site"
                aria-keyshortcuts={SEARCH_SHORTCUTS}
                placeholder="Search music, podcasts, merch…"
                autoComplete="off"
                maxLength={SEARCH_QUERY_MAX}
                enterKeyHint="search"
                className={inputClass}
                onFocus={load}
                onPointerDown={load}
              />
            </form>
          </search>
        )}
      </div>
    </>
  );
}
