import { AdBannerView } from "../../../features/ads/ad-banner-view";
import { ConsoleAdsPage } from "../../../features/console-ads/console-ads-page";

/** The console's advertisements, previewed with the home page's own banner. */
export function Component() {
  return <ConsoleAdsPage renderPreview={(ad) => <AdBannerView ad={ad} label="Sponsored (preview)" />} />;
}
