import type { ReactNode } from "react";
import { Link } from "react-router";

/** A section's h2 with an optional 'View all'-style link on the right. */
export function SectionHeading({
  id,
  title,
  lead,
  link,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  link?: { to: string; label: string };
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="font-bold text-2xl tracking-tight sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-1 text-muted-foreground">{lead}</p>}
      </div>
      {link && (
        <Link to={link.to} className="font-medium text-primary text-sm hover:underline">
          {link.label}
        </Link>
      )}
    </div>
  );
}

/** A failed load, said in the spec's words, in a live region so screen readers hear it. */
export function ErrorNotice({ title, message }: { title: string; message?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/50 bg-destructive/10 p-6">
      <p className="font-semibold">{title}</p>
      {message && <p className="mt-1 text-muted-foreground text-sm">{message}</p>}
    </div>
  );
}

export function EmptyNotice({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{children}</div>
  );
}
