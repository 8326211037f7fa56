import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { SearchTabsBar } from "../../components/ui/search-tabs-bar";
import { skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsContent } from "../../components/ui/tabs";
import { filterPlaylists, PLATFORM_TABS, type PlatformTab } from "./filter-playlists";
import { PlaylistCard, PlaylistCardSkeleton } from "./playlist-card";
import { playlistsQuery } from "./playlists.queries";

const PAGE_SIZE = 12;

/**
 * Every playlist, searched and filtered by platform in the browser, twelve at a time. The search
 * box is a GET form to this page: `?q=` (Enter before or without JavaScript) starts the search.
 */
export function PlaylistBrowser() {
  const { data, isPending, error } = useQuery(playlistsQuery);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const searchInAddress = (query: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (query.trim()) next.set("q", query);
        else next.delete("q");
        return next;
      },
      { replace: true },
    );
  const [tab, setTab] = useState<PlatformTab>("all");
  const [shown, setShown] = useState(PAGE_SIZE);
  const filtered = data ? filterPlaylists(data, search, tab) : [];
  const visible = filtered.slice(0, shown);

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setTab(value as PlatformTab);
        setShown(PAGE_SIZE);
      }}
    >
      <SearchTabsBar
        search={{
          className: "w-full md:max-w-sm",
          action: "/playlists",
          onSearch: searchInAddress,
          "aria-label": "Search playlists",
          placeholder: "Search playlists, moods or genres",
          value: search,
          onValueChange: (value) => {
            setSearch(value);
            setShown(PAGE_SIZE);
          },
        }}
        tabs={PLATFORM_TABS}
        tabsLabel="Platform"
      />

      {/* Mounted from the first frame (no presence animation), so nothing below jumps. */}
      {PLATFORM_TABS.map(({ value }) => (
        <TabsContent key={value} value={value} forceMount className="data-[state=inactive]:hidden">
          {value === tab && (
            <div aria-busy={isPending}>
              {error ? (
                <ErrorNotice title="Error loading playlists" message={error.message || "Unknown error"} />
              ) : !isPending && filtered.length === 0 ? (
                <EmptyNotice>
                  <p className="font-medium text-foreground">No playlists found</p>
                  {search.trim() && <p className="mt-1">Nothing matches “{search.trim()}”.</p>}
                  {search && (
                    <Button
                      variant="outline"
                      className="mt-4"
                      onClick={() => {
                        setSearch("");
                        searchInAddress("");
                      }}
                    >
                      Clear Search
                    </Button>
                  )}
                </EmptyNotice>
              ) : (
                <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                  {isPending
                    ? skeletonKeys(PAGE_SIZE).map((key) => <PlaylistCardSkeleton key={key} />)
                    : visible.map((playlist, index) => (
                        <PlaylistCard
                          key={playlist.id}
                          playlist={playlist}
                          headingLevel={2}
                          priority={index === 0}
                        />
                      ))}
                </div>
              )}
              {filtered.length > visible.length && (
                <div className="mt-8 flex justify-center">
                  <Button variant="outline" onClick={() => setShown((count) => count + PAGE_SIZE)}>
                    Load More Playlists
                  </Button>
                </div>
              )}
            </div>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
