import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A failed load, said in the page's words, in a live region so screen readers hear it. */
export function ErrorNotice({ title, message }: { title: string; message?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/50 bg-destructive/10 p-6">
      <p className="font-semibold">{title}</p>
      {message && <p className="mt-1 text-muted-foreground text-sm">{message}</p>}
    </div>
  );
}

/** Nothing to show yet (an empty list, a tab still to come), in a dashed frame where the content would be. */
export function EmptyNotice({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn("rounded-xl border border-dashed p-8 text-center text-muted-foreground", className)}>
      {children}
    </div>
  );
}
