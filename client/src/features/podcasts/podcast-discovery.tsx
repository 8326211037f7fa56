import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SearchTabsBar } from "../../components/ui/search-tabs-bar";
import { Tabs, TabsContent } from "../../components/ui/tabs";
import { DiscoveryResults } from "./discovery-results";
import { DISCOVERY_TABS, type DiscoveryTab, filterDiscovery } from "./podcast-filters";
import { discoveryFeaturedPodcastsQuery, discoveryPodcastsQuery } from "./podcasts.queries";

/** Podcast Discovery: search and platform tabs filter in the browser. */
export function PodcastDiscovery() {
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<DiscoveryTab>("all");
  const all = useQuery(discoveryPodcastsQuery);
  const featured = useQuery(discoveryFeaturedPodcastsQuery);
  const browsing = search.trim() === "" && tab === "all";
  const results = all.data ? filterDiscovery(all.data, search, tab) : [];

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as DiscoveryTab)}>
      <SearchTabsBar
        search={{
          className: "w-full md:max-w-md",
          "aria-label": "Search podcasts",
          placeholder: "Search by title, host or topic",
          value: search,
          onValueChange: setSearch,
        }}
        tabs={DISCOVERY_TABS}
        tabsLabel="Platform"
      />
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
  );
}
