import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  use,
  useId,
  useState,
} from "react";
import { cn } from "../../lib/cn";
import { HydrationRegion } from "../../lib/hydration-region";

/**
 * Tabs with the WAI-ARIA tabs pattern (decision 0019): one tab in the Tab order, the arrow keys,
 * Home and End move between tabs and select as they go, a press selects on mouse down. Written
 * here rather than taken from a component library: the library's tabs (roving focus, collection,
 * presence, direction) were ~9 KB gzip in the first load of every page with tabs, and re-rendered
 * the page at once after hydrating. The markup (roles, ids, `data-state`) is the same on the
 * server and in the browser, so a page's tabs work by keyboard and pointer as soon as it hydrates.
 * A tab list whose panels are all in the page (`forceMount`) and marked `data-switch-early` works
 * before that: the early-events script switches it, and `useEarlyTabs` takes its choice as the
 * tabs hydrate.
 */
interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ value: current, select, baseId }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

/** The tab `key` moves to from `from` among `tabs`, or null when the key is not one of the pattern's. */
function nextTab(tabs: readonly HTMLElement[], from: HTMLElement, key: string): HTMLElement | null {
  const at = tabs.indexOf(from);
  if (at < 0 || tabs.length === 0) return null;
  if (key === "ArrowRight") return tabs[(at + 1) % tabs.length] ?? null;
  if (key === "ArrowLeft") return tabs[(at - 1 + tabs.length) % tabs.length] ?? null;
  if (key === "Home") return tabs[0] ?? null;
  if (key === "End") return tabs[tabs.length - 1] ?? null;
  return null;
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLElement)) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
  const next = nextTab(tabs, event.target, event.key);
  if (!next) return;
  event.preventDefault();
  // Focusing a tab selects it (its focus handler), as the pattern's automatic activation does.
  next.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      data-orientation="horizontal"
      className={cn(
        "inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onClick,
  onFocus,
  ...props
}: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={active}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      data-slot="tabs-trigger"
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      className={cn(
        "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // The main button without Ctrl selects at once; any other press leaves focus where it is.
        if (event.button !== 0 || event.ctrlKey) event.preventDefault();
        else tabs.select(value);
      }}
      // A press replayed after hydration, Enter and Space arrive as a click.
      onClick={(event) => {
        onClick?.(event);
        tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

/** A tab's panel: its content hydrates apart from the tabs (a region), so a tab answers first. */
export function TabsContent({
  value,
  forceMount,
  className,
  children,
  ...props
}: ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs("TabsContent");
  const active = tabs.value === value;
  const shown = active || forceMount === true;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      data-slot="tabs-content"
      hidden={!shown}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern puts a panel in the Tab order, after its tab
      tabIndex={0}
      className={cn("mt-6 outline-none", className)}
      {...props}
    >
      {shown ? <HydrationRegion>{children}</HydrationRegion> : null}
    </div>
  );
}
