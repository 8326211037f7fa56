import type { ReactNode } from "react";
import { PageHead } from "../../components/layout/page-head";

/** A console page's title (document and h1, never indexed) and its short explanation. */
export function ConsolePageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <PageHead title={`${title} · Console`} noindex />
      <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
      {children && <p className="mt-2 max-w-2xl text-muted-foreground">{children}</p>}
    </div>
  );
}
