import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./button";

type ButtonLook = Pick<Parameters<typeof Button>[0], "variant" | "size">;

/**
 * A form's buttons: the main one, which submits the form (or, given `onClick`, acts: a dialog's or
 * a confirmation's button), says `busyLabel` and is disabled while `busy`; then `cancel` (never
 * disabled: going back is always allowed) and any further buttons (`children`), in a row. `end` is
 * a dialog's row: to the right, `cancel` first. With neither `cancel` nor `children` the main
 * button stands alone, `className` on it, so it sits in the form's own layout (a column, a grid
 * cell) as any control does.
 */
export function FormActions({
  label,
  busyLabel,
  busy = false,
  disabled = false,
  onClick,
  variant,
  size,
  "aria-label": ariaLabel,
  cancel,
  end = false,
  className,
  children,
}: ButtonLook & {
  label: ReactNode;
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  "aria-label"?: string | undefined;
  cancel?: { onClick: () => void; label?: string };
  end?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const alone = !cancel && children === undefined;
  const main = (
    <Button
      type={onClick ? "button" : "submit"}
      variant={variant}
      size={size}
      className={alone ? className : undefined}
      disabled={busy || disabled}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {busy && busyLabel ? busyLabel : label}
    </Button>
  );
  const back = cancel && (
    <Button type="button" variant="outline" size={size} onClick={cancel.onClick}>
      {cancel.label ?? "Cancel"}
    </Button>
  );
  if (alone) return main;
  return (
    <div className={cn("flex gap-2", end && "mt-4 flex-wrap justify-end", className)}>
      {end ? back : main}
      {end ? main : back}
      {children}
    </div>
  );
}
