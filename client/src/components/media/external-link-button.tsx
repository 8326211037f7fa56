import { ExternalLink } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "../ui/button";

/** A button-styled link that opens another site in a new tab, and says so to screen readers. */
export function ExternalLinkButton({
  href,
  children,
  ...buttonProps
}: { href: string; children: ReactNode } & Omit<ComponentProps<typeof Button>, "asChild" | "children">) {
  return (
    <Button asChild {...buttonProps}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Button>
  );
}
