import { AdBannerView } from "../../../features/ads/ad-banner-view";
import { consoleAdsQuery } from "../../../features/console-ads/console-ads.queries";
import { ConsoleAdsPage } from "../../../features/console-ads/console-ads-page";
import type { RouteQueries } from "../../route-data";

/** The console's advertisements, previewed with the home page's own banner. */
export function Component() {
  return <ConsoleAdsPage renderPreview={(ad) => <AdBannerView ad={ad} label="Sponsored (preview)" />} />;
}

export const queries: RouteQueries = () => [consoleAdsQuery];
