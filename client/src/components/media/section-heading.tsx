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
