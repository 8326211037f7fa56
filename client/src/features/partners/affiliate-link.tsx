import type { ReactNode } from "react";
import { affiliateClickLine, logAffiliateClick, type StreamingPartner } from "./partners.data";

/**
 * A sponsored link to a partner's trial, opened in a new tab; the click is logged to the browser
 * console. A click before the page's code has run is logged by the early-events script, from the
 * line the link carries (`data-click-log`); the handler then writes nothing for that click.
 */
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
      data-click-log={affiliateClickLine(partner)}
      onClick={(event) => {
        if (!window.__waveformEvents?.logged(event.nativeEvent)) logAffiliateClick(partner);
      }}
      className={className}
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
