import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { Input } from "./input";

/**
 * A search field with a magnifier in front. Name it with `aria-label` or a `<label htmlFor>`;
 * `className` sizes the box around field and icon; `onValueChange` receives the typed text.
 */
export function SearchInput({
  className,
  onChange,
  onValueChange,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { onValueChange?: (value: string) => void }) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        className="pl-9"
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...props}
      />
    </div>
  );
}
