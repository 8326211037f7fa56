import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A loading placeholder; hidden from assistive technology, which hears the busy region instead. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}

/** Stable keys for a row of `count` identical skeletons. */
export function skeletonKeys(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `skeleton-${index}`);
}
