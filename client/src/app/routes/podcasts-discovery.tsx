import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { SearchInput } from "../../components/ui/search-input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { DiscoveryResults } from "../../features/podcasts/discovery-results";
import { DISCOVERY_TABS, type DiscoveryTab, filterDiscovery } from "../../features/podcasts/podcast-filters";
import {
  discoveryFeaturedPodcastsQuery,
  discoveryPodcastsQuery,
} from "../../features/podcasts/podcasts.queries";

/** Podcast Discovery: search and platform tabs filter in the browser (SPEC §4). */
export function Component() {
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<DiscoveryTab>("all");
  const all = useQuery(discoveryPodcastsQuery);
  const featured = useQuery(discoveryFeaturedPodcastsQuery);
  const browsing = search.trim() === "" && tab === "all";
  const results = all.data ? filterDiscovery(all.data, search, tab) : [];

  return (
    <PageShell
      title="Podcast Discovery"
      lead="Find your next favourite music podcast on the platform you already use."
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as DiscoveryTab)}>
        <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <SearchInput
            className="w-full md:max-w-md"
            aria-label="Search podcasts"
            placeholder="Search by title, host or topic"
            value={search}
            onValueChange={setSearch}
          />
          <TabsList aria-label="Platform">
            {DISCOVERY_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {/* One panel per tab for the tabs' aria-controls; only the active one has content. */}
        {DISCOVERY_TABS.map(({ value }) => (
          <TabsContent key={value} value={value} forceMount className="mt-0 data-[state=inactive]:hidden">
            {value === tab && (
              <DiscoveryResults
                loading={all.isPending || featured.isPending}
                error={all.error ?? featured.error}
                featured={browsing ? (featured.data ?? []) : []}
                results={results}
                searching={search.trim() !== ""}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </PageShell>
  );
}
