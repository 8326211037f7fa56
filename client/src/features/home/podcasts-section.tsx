import { Headphones } from "lucide-react";
import { Button } from "../../components/ui/button";
import { siteConfig } from "../../lib/site-config";

/**
 * The home page's podcast panel (anchor #podcasts). Until podcast episodes are ingested it shows
 * the spec's empty texts; the podcasts work fills the two panels.
 */
export function PodcastsSection() {
  return (
    <section id="podcasts" aria-labelledby="podcasts-heading" className="scroll-mt-24">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h2 id="podcasts-heading" className="font-bold text-2xl tracking-tight sm:text-3xl">
          {siteConfig.shortName} Podcasts
        </h2>
        {/* SPEC §2: 'All episodes' targets '#'. */}
        <a href="#podcasts" className="font-medium text-primary text-sm hover:underline">
          All episodes
        </a>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="rounded-2xl border bg-card p-6">
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">Latest Episode</p>
          <div className="mt-6 flex flex-col items-center gap-3 py-8 text-center text-muted-foreground">
            <Headphones className="size-10" aria-hidden="true" />
            <p>No featured podcast available</p>
          </div>
        </div>
        <div className="rounded-2xl border bg-card p-6">
          <h3 className="font-semibold">Recent Episodes</h3>
          <p className="mt-6 py-8 text-center text-muted-foreground">No recent episodes available</p>
          <Button variant="outline" className="w-full" disabled>
            Load More Episodes
          </Button>
        </div>
      </div>
    </section>
  );
}
