import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { siteConfig } from "../../lib/site-config";

/** The frame of a page: its document title, its one h1, and an optional lead paragraph. */
export function PageShell({
  title,
  heading = title,
  lead,
  className,
  children,
}: {
  title: string;
  heading?: ReactNode;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("mx-auto max-w-7xl px-4 py-10 sm:px-6", className)}>
      <title>{`${title} · ${siteConfig.name}`}</title>
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{heading}</h1>
      {lead && <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{lead}</p>}
      {children}
    </div>
  );
}
