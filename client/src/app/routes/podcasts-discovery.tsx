import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { Input } from "../../components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { DiscoveryResults } from "../../features/podcasts/discovery-results";
import { DISCOVERY_TABS, type DiscoveryTab, filterDiscovery } from "../../features/podcasts/podcast-filters";
import { featuredRealPodcastsQuery, realPodcastsQuery } from "../../features/podcasts/podcasts.queries";

/** Podcast Discovery: search and platform tabs filter in the browser (SPEC §4). */
export function Component() {
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<DiscoveryTab>("all");
  const all = useQuery(realPodcastsQuery);
  const featured = useQuery(featuredRealPodcastsQuery);
  const browsing = search.trim() === "" && tab === "all";
  const results = all.data ? filterDiscovery(all.data, search, tab) : [];

  return (
    <PageShell
      title="Podcast Discovery"
      lead="Find your next favourite music podcast on the platform you already use."
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as DiscoveryTab)}>
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
