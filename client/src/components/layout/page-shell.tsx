import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { PageHead, type PageHeadProps } from "./page-head";

/** The frame of a page: its head tags (title, description, link preview), its one h1, and an optional lead paragraph. */
export function PageShell({
  title,
  heading = title,
  lead,
  description = typeof lead === "string" ? lead : undefined,
  structuredData,
  canonicalPath,
  className,
  children,
}: {
  title: string;
  /** For search results and link previews; the lead when it is text, else the site's tagline. */
  description?: string;
  structuredData?: PageHeadProps["structuredData"];
  canonicalPath?: string;
  heading?: ReactNode;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("mx-auto max-w-7xl px-4 py-10 sm:px-6", className)}>
      <PageHead
        title={title}
        description={description}
        structuredData={structuredData}
        canonicalPath={canonicalPath}
      />
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{heading}</h1>
      {lead && <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{lead}</p>}
      {children}
    </div>
  );
}
