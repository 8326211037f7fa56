import { useQuery } from "@tanstack/react-query";
import { AdBannerView } from "./ad-banner-view";
import { currentAdvertisementQuery } from "./ads.queries";

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** The sponsored banner: shown only when the server returns an advertisement (SPEC §2). */
export function AdBanner() {
  const { data: ad } = useQuery(currentAdvertisementQuery);
  if (!ad || !isHttp(ad.ctaUrl)) return null;
  return <AdBannerView ad={ad} />;
}
