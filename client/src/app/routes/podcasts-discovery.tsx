import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { EmptyNotice, ErrorNotice, SectionHeading } from "../../components/media/section-heading";
import { Input } from "../../components/ui/input";
import { skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { PodcastCard, PodcastCardSkeleton } from "../../features/podcasts/podcast-card";
import { DISCOVERY_TABS, type DiscoveryTab, filterDiscovery } from "../../features/podcasts/podcast-filters";
import { featuredRealPodcastsQuery, realPodcastsQuery } from "../../features/podcasts/podcasts.queries";

/** SPEC §9: eight skeleton cards while loading. */
const SKELETONS = 8;
const grid = "grid gap-6 sm:grid-cols-2 lg:grid-cols-4";

/** Podcast Discovery: search and platform tabs filter in the browser (SPEC §4). */
export function Component() {
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<DiscoveryTab>("all");
  const all = useQuery(realPodcastsQuery);
  const featured = useQuery(featuredRealPodcastsQuery);
  const browsing = search.trim() === "" && tab === "all";
  const results = all.data ? filterDiscovery(all.data, search, tab) : [];
  const featuredPodcasts = featured.data ?? [];
  const loading = all.isPending || featured.isPending;
  const error = all.error ?? featured.error;

  return (
    <PageShell
      title="Podcast Discovery"
      lead="Find your next favourite music podcast on the platform you already use."
    >
      <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="relative w-full md:max-w-md">
          <Search
            className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search podcasts"
            placeholder="Search by title, host or topic"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Tabs value={tab} onValueChange={(value) => setTab(value as DiscoveryTab)}>
          <TabsList aria-label="Platform">
            {DISCOVERY_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>

      {loading ? (
        <div className={`${grid} mt-10`} aria-busy="true">
          {skeletonKeys(SKELETONS).map((key) => (
            <PodcastCardSkeleton key={key} />
          ))}
        </div>
      ) : (
        <>
          {browsing && featuredPodcasts.length > 0 && (
            <section aria-labelledby="featured-podcasts-heading" className="mt-10">
              <SectionHeading id="featured-podcasts-heading" title="Featured Podcasts" />
              <div className={grid}>
                {featuredPodcasts.map((podcast) => (
                  <PodcastCard key={podcast.id} podcast={podcast} compact />
                ))}
              </div>
            </section>
          )}
          <section aria-labelledby="all-podcasts-heading" className="mt-12">
            <SectionHeading
              id="all-podcasts-heading"
              title={search.trim() === "" ? "All Music Podcasts" : "Search Results"}
            />
            {error ? (
              <ErrorNotice title="Error loading podcasts" message={error.message} />
            ) : results.length === 0 ? (
              <EmptyNotice>
                <p className="font-medium text-foreground">No podcasts found</p>
                <p className="mt-1">Try adjusting your search or filters</p>
              </EmptyNotice>
            ) : (
              <div className={grid}>
                {results.map((podcast) => (
                  <PodcastCard key={podcast.id} podcast={podcast} compact />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </PageShell>
  );
}
