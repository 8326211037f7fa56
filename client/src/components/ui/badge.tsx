import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** Badge colours pass WCAG AA for their text in both themes (white on 600–700 shades). */
const badgeVariants = cva(
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-xs",
  {
    variants: {
      tone: {
        primary: "bg-primary text-primary-foreground",
        secondary: "bg-secondary text-secondary-foreground",
        outline: "border text-foreground",
        blue: "bg-blue-700 text-white",
        amber: "bg-amber-300 text-amber-950",
        pink: "bg-pink-700 text-white",
        green: "bg-green-700 text-white",
        red: "bg-red-700 text-white",
        orange: "bg-orange-700 text-white",
        purple: "bg-purple-700 text-white",
      },
    },
    defaultVariants: { tone: "primary" },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({
  className,
  tone,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
