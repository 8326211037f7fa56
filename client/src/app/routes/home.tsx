import { Suspense } from "react";
import { PageHead } from "../../components/layout/page-head";
import { Skeleton } from "../../components/ui/skeleton";
import { AD_BANNER_ID } from "../../features/ads/ad-banner-id";
import { Hero } from "../../features/home/hero";
import { useNewsletterNotice } from "../../features/newsletter/newsletter-notice";
import { lazyWhenVisible } from "../../lib/lazy-when-visible";
import { siteConfig } from "../../lib/site-config";
import type { RouteQueries } from "../route-data";

// Below the first screen, every section is in the page from the server; its code loads (and the
// section hydrates) when a visitor scrolls near it, so a phone runs less script before it can
// answer a tap. Reached by in-app navigation, the code loads at once behind a placeholder.
// The featured playlists start just below a phone's first screen (at 1,048 px on a 412×823 one), so
// their code (cards, platform links) waits for the visitor's first scroll or for the section to be
// in view; where the section is on the first screen (desktop), that is at once (decision 0019).
const FeaturedPlaylists = lazyWhenVisible(
  "featured-playlists-heading",
  () =>
    import("../../features/playlists/featured-playlists").then((module) => ({
      default: module.FeaturedPlaylists,
    })),
  { nearPx: 0, onFirstScroll: true },
);
const ExploreGenres = lazyWhenVisible("explore-genres-heading", () =>
  import("../../features/genres/explore-genres").then((module) => ({ default: module.ExploreGenres })),
);
const ListenAcrossPlatforms = lazyWhenVisible("listen-across-platforms", () =>
  import("../../features/home/listen-across-platforms").then((module) => ({
    default: module.ListenAcrossPlatforms,
  })),
);
const HomePodcastsPanel = lazyWhenVisible("podcasts", () =>
  import("../../features/podcasts/home-podcasts-panel").then((module) => ({
    default: module.HomePodcastsPanel,
  })),
);
const DjSection = lazyWhenVisible("dj-section", () =>
  import("../../features/home/dj-section").then((module) => ({ default: module.DjSection })),
);
// The sponsor's banner closes the page; its code (and its impression and click counting, issue 33)
// waits until it comes near, like the sections above it.
const AdBanner = lazyWhenVisible(AD_BANNER_ID, () =>
  import("../../features/ads/ad-banner").then((module) => ({ default: module.AdBanner })),
);
const NewsletterSignup = lazyWhenVisible("newsletter-heading", () =>
  import("../../features/newsletter/newsletter-form").then((module) => ({
    default: module.NewsletterSignup,
  })),
);

const featuredPlaceholder = <Skeleton className="h-[28rem] rounded-2xl" />;
const sectionPlaceholder = <Skeleton className="h-96 rounded-2xl" />;
const newsletterPlaceholder = <Skeleton className="h-[31rem] rounded-3xl sm:h-[28rem]" />;

/** Home: its sections in the order docs/product.md gives. */
export function Component() {
  useNewsletterNotice();
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-8 sm:px-6 sm:py-12">
      <PageHead
        title={siteConfig.name}
        documentTitle={`${siteConfig.name} · Fresh music across all genres`}
      />
      <Hero />
      <Suspense fallback={featuredPlaceholder}>
        <FeaturedPlaylists />
      </Suspense>
      <Suspense fallback={sectionPlaceholder}>
        <ExploreGenres />
      </Suspense>
      <Suspense fallback={sectionPlaceholder}>
        <ListenAcrossPlatforms />
      </Suspense>
      <Suspense fallback={sectionPlaceholder}>
        <HomePodcastsPanel />
      </Suspense>
      <Suspense fallback={sectionPlaceholder}>
        <DjSection />
      </Suspense>
      <Suspense fallback={newsletterPlaceholder}>
        <NewsletterSignup />
      </Suspense>
      <Suspense fallback={null}>
        <AdBanner />
      </Suspense>
    </div>
  );
}

/**
 * Every section's reads: the sections below the first screen are in the page from the server too.
 * Given as a promise: their query modules are the sections' own code, which a visitor's phone loads
 * only when they scroll near (decision 0019), never with the page (decision 0021).
 */
export const queries: RouteQueries = async () => {
  const [{ siteImageQuery }, { featuredPlaylistsQuery }, { genresQuery }, { podcastSummaryQuery }, ads] =
    await Promise.all([
      import("../../lib/site-images"),
      import("../../features/playlists/playlists.queries"),
      import("../../features/genres/genres.queries"),
      import("../../features/podcasts/podcasts.queries"),
      import("../../features/ads/ads.queries"),
    ]);
  return [
    siteImageQuery("hero"),
    featuredPlaylistsQuery,
    genresQuery,
    siteImageQuery("platforms"),
    podcastSummaryQuery(),
    siteImageQuery("newsletter-background"),
    ads.currentAdvertisementQuery,
  ];
};
