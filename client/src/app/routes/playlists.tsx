import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { SectionHeading } from "../../components/media/section-heading";
import { Button } from "../../components/ui/button";
import { SearchInput } from "../../components/ui/search-input";
import { skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { filterPlaylists, PLATFORM_TABS, type PlatformTab } from "../../features/playlists/filter-playlists";
import { PlaylistCard, PlaylistCardSkeleton } from "../../features/playlists/playlist-card";
import { playlistsQuery } from "../../features/playlists/playlists.queries";
import { MerchTeaser } from "../../features/shop/merch-teaser";
import { relatedProducts } from "../../features/shop/merchandise.data";

const PAGE_SIZE = 12;

export function Component() {
  const { data, isPending, error } = useQuery(playlistsQuery);
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<PlatformTab>("all");
  const [shown, setShown] = useState(PAGE_SIZE);
  const filtered = data ? filterPlaylists(data, search, tab) : [];
  const visible = filtered.slice(0, shown);

  return (
    <PageShell title="Playlists" lead="Every playlist our curators keep up to date, on the platform you use.">
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value as PlatformTab);
          setShown(PAGE_SIZE);
        }}
      >
        <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <SearchInput
            className="w-full md:max-w-sm"
            aria-label="Search playlists"
            placeholder="Search playlists, moods or genres"
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setShown(PAGE_SIZE);
            }}
          />
          <TabsList aria-label="Platform">
            {PLATFORM_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

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
                      <Button variant="outline" className="mt-4" onClick={() => setSearch("")}>
                        Clear Search
                      </Button>
                    )}
                  </EmptyNotice>
                ) : (
                  <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                    {isPending
                      ? skeletonKeys(PAGE_SIZE).map((key) => <PlaylistCardSkeleton key={key} />)
                      : visible.map((playlist) => (
                          <PlaylistCard key={playlist.id} playlist={playlist} headingLevel={2} />
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

      <section aria-labelledby="related-merch-heading" className="mt-16">
        <SectionHeading
          id="related-merch-heading"
          title="Related Merchandise"
          link={{ to: "/merchandise", label: "Visit the shop" }}
        />
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {relatedProducts({}).map((product) => (
            <MerchTeaser key={product.id} product={product} />
          ))}
        </div>
      </section>
    </PageShell>
  );
}
