import { useLayoutEffect, useRef, useState } from "react";

/**
 * The selected tab of a tab list that the early-events script switches before the page's code has
 * run (`data-switch-early` on its `TabsList`, every panel in the page: lib/early-events.ts). It
 * starts as `initial`, as the server rendered it, and as the tabs hydrate it becomes the tab the
 * visitor chose meanwhile, so that React shows what the visitor sees and goes on from there.
 * Gives `<Tabs value onValueChange>` their value and setter, and the `TabsList` its ref.
 */
export function useEarlyTabs(values: readonly string[], initial: string) {
  const list = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the tabs hydrate
  useLayoutEffect(() => {
    const shown = list.current?.querySelector('[role="tab"][aria-selected="true"]');
    // A tab's id ends with its value (`…-trigger-<value>`, components/ui/tabs.tsx).
    const chosen = values.find((candidate) => shown?.id.endsWith(`-trigger-${candidate}`));
    if (chosen !== undefined) setValue(chosen);
  }, []);
  return { list, value, setValue };
}
