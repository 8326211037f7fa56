import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * The red line that says why a form or an action failed. Without `id` it is the form's own line
 * (`role="alert"`: read out as it appears); with `id` it is one field's error, which its control
 * names in `aria-describedby` (`FormField` draws those). Nothing is drawn while there is nothing to
 * say, unless `reserve` keeps the line's height so the form does not jump when one appears.
 */
export function FormError({
  id,
  reserve = false,
  className,
  children,
}: {
  id?: string;
  reserve?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  if (!reserve && (children === undefined || children === null || children === "")) return null;
  return (
    <p
      id={id}
      role={id ? undefined : "alert"}
      className={cn(
        reserve && "min-h-5 font-medium",
        "text-destructive text-sm dark:text-red-400",
        className,
      )}
    >
      {children}
    </p>
  );
}
