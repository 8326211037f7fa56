import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { adClickPingPath, optedOut, track } from "../insights";
import { AD_BANNER_ID } from "./ad-banner-id";
import { AdBannerView } from "./ad-banner-view";
import { currentAdvertisementQuery } from "./ads.queries";

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/**
 * Counts the banner's impression once at least half of it has been on screen (once per page), the
 * viewable impression an advertiser is told about, rather than its mere presence at the foot of a
 * page nobody scrolled down (decision 0023).
 */
function useImpression(adId: number | undefined) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!adId || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        track({ kind: "ad-impression", adId });
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [adId]);
  return ref;
}

/**
 * The sponsored banner: shown only when the server returns an advertisement. Its link
 * stays the sponsor's own address; the click is counted by the anchor's `ping`, or by the beacon in
 * a browser without `ping`.
 */
export function AdBanner() {
  const { data: ad } = useQuery(currentAdvertisementQuery);
  const adId = ad?.id;
  const ref = useImpression(adId);
  if (!ad || !isHttp(ad.ctaUrl)) return null;
  return (
    <AdBannerView
      ad={ad}
      id={AD_BANNER_ID}
      ref={ref}
      ping={adId ? adClickPingPath(adId) : undefined}
      onFollow={(link) => {
        // The browser sends the ping as it follows the link, after this: a visitor who asked not to
        // be tracked sends none (the server would not count it either).
        if (optedOut()) link.removeAttribute("ping");
        else if (adId && !("ping" in HTMLAnchorElement.prototype)) track({ kind: "ad-click", adId });
      }}
    />
  );
}
