import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { Slot } from "./slot";

/**
 * A bordered surface. Flat by default: most of our cards sit flat on the page, and the few that
 * lift (media cards, products) add `shadow-sm`. `asChild` lends the look to a section, article,
 * list item or link, so the element keeps its role.
 */
export function Card({
  className,
  asChild = false,
  ...props
}: ComponentProps<"div"> & { asChild?: boolean }) {
  const Component = asChild ? Slot : "div";
  return (
    <Component
      data-slot="card"
      className={cn("rounded-xl border bg-card text-card-foreground", className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("p-5", className)} {...props} />;
}
