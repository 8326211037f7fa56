import { Suspense } from "react";
import { PageHead } from "../../components/layout/page-head";
import { Skeleton } from "../../components/ui/skeleton";
import { AdBanner } from "../../features/ads/ad-banner";
import { ExploreGenres } from "../../features/genres/explore-genres";
import { DjSection } from "../../features/home/dj-section";
import { Hero } from "../../features/home/hero";
import { ListenAcrossPlatforms } from "../../features/home/listen-across-platforms";
import { useNewsletterNotice } from "../../features/newsletter/newsletter-notice";
import { FeaturedPlaylists } from "../../features/playlists/featured-playlists";
import { HomePodcastsPanel } from "../../features/podcasts/home-podcasts-panel";
import { lazyWhenVisible } from "../../lib/lazy-when-visible";
import { siteConfig } from "../../lib/site-config";

// The signup form is in the page from the server; its code (and react-hook-form) loads when a
// visitor scrolls near it.
const NewsletterSignup = lazyWhenVisible("newsletter-heading", () =>
  import("../../features/newsletter/newsletter-form").then((module) => ({
    default: module.NewsletterSignup,
  })),
);
const newsletterPlaceholder = <Skeleton className="h-[31rem] rounded-3xl sm:h-[28rem]" />;

/** Home, data-driven variant (SPEC §2): section order as the spec gives it. */
export function Component() {
  useNewsletterNotice();
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-8 sm:px-6 sm:py-12">
      <PageHead
        title={siteConfig.name}
        documentTitle={`${siteConfig.name} · Fresh music across all genres`}
      />
      <Hero />
      <FeaturedPlaylists />
      <ExploreGenres />
      <ListenAcrossPlatforms />
      <HomePodcastsPanel />
      <DjSection />
      <Suspense fallback={newsletterPlaceholder}>
        <NewsletterSignup />
      </Suspense>
      <AdBanner />
    </div>
  );
}
