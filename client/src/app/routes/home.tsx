import { AdBanner } from "../../features/ads/ad-banner";
import { ExploreGenres } from "../../features/genres/explore-genres";
import { DjSection } from "../../features/home/dj-section";
import { Hero } from "../../features/home/hero";
import { ListenAcrossPlatforms } from "../../features/home/listen-across-platforms";
import { PodcastsSection } from "../../features/home/podcasts-section";
import { NewsletterSignup } from "../../features/newsletter/newsletter-form";
import { useNewsletterNotice } from "../../features/newsletter/newsletter-notice";
import { FeaturedPlaylists } from "../../features/playlists/featured-playlists";
import { siteConfig } from "../../lib/site-config";

/** Home, data-driven variant (SPEC §2): section order as the spec gives it. */
export function Component() {
  useNewsletterNotice();
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${siteConfig.name} · Fresh music across all genres`}</title>
      <Hero />
      <FeaturedPlaylists />
      <ExploreGenres />
      <ListenAcrossPlatforms />
      <PodcastsSection />
      <DjSection />
      <NewsletterSignup />
      <AdBanner />
    </div>
  );
}
