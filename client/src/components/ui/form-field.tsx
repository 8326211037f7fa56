import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { FormError } from "./form-error";

/** The attributes that tie a control to its label, hint and error (`aria-describedby`). */
export function fieldControlProps(id: string, error: string | undefined, hint?: string) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

/**
 * One labelled field of a form: the label, the control (given as children, with
 * `fieldControlProps(id, error, hint)` spread on it), a hint, and the field's error right beside it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FormError id={`${id}-error`}>{error}</FormError>
    </div>
  );
}
