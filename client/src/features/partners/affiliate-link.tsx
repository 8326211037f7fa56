import type { ReactNode } from "react";
import { logAffiliateClick, type StreamingPartner } from "./partners.data";

/** A sponsored link to a partner's trial, opened in a new tab; the click is logged (SPEC §7). */
export function AffiliateLink({
  partner,
  className,
  children,
}: {
  partner: StreamingPartner;
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      href={partner.affiliateUrl}
      target="_blank"
      rel="noopener sponsored"
      onClick={() => logAffiliateClick(partner)}
      className={className}
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
