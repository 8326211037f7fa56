import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * The box around a wide table: it scrolls sideways on phones (the page itself never does), so it
 * takes focus for keyboard scrolling and is named for screen readers. It is `relative` so that
 * visually hidden text in the table (sr-only, absolutely placed) is clipped with it instead of
 * widening the page.
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a section may not take focus; this region must
    <div
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </div>
  );
}
