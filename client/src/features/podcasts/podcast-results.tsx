import type { PodcastReading } from "@waveform/contracts/podcasts";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { skeletonKeys } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { PodcastCard, PodcastCardSkeleton } from "./podcast-card";
import { groupByPlatform, PODCAST_TABS, type PodcastTab, podcastsForTab } from "./podcast-filters";

const grid = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

function Grid({ podcasts, headingLevel }: { podcasts: PodcastReading[]; headingLevel: 3 | 4 }) {
  return (
    <div className={grid}>
      {podcasts.map((podcast) => (
        <PodcastCard key={podcast.id} podcast={podcast} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function TabBody({
  podcasts,
  tab,
  onClear,
}: {
  podcasts: PodcastReading[];
  tab: PodcastTab;
  onClear: () => void;
}) {
  const shown = podcastsForTab(podcasts, tab);
  if (shown.length === 0) {
    return (
      <EmptyNotice>
        <p className="font-medium text-foreground">No Podcasts Found</p>
        <p className="mt-1">No podcast matches these filters.</p>
        <Button variant="outline" className="mt-4" onClick={onClear}>
          Clear Filters
        </Button>
      </EmptyNotice>
    );
  }
  if (tab !== "platform") return <Grid podcasts={shown} headingLevel={3} />;
  return (
    <div className="space-y-10">
      {groupByPlatform(shown).map((group) => (
        <section key={group.platform} aria-labelledby={`platform-${group.platform}`}>
          <h3 id={`platform-${group.platform}`} className="mb-4 font-semibold text-xl">
            {group.platform}
          </h3>
          <Grid podcasts={group.podcasts} headingLevel={4} />
        </section>
      ))}
    </div>
  );
}

/** The filtered podcasts under the tabs All Podcasts, New Releases, Trending and By Platform. */
export function PodcastResults({
  podcasts,
  loading,
  error,
  tab,
  onTabChange,
  onClear,
}: {
  podcasts: PodcastReading[] | undefined;
  loading: boolean;
  error: Error | null;
  tab: PodcastTab;
  onTabChange: (tab: PodcastTab) => void;
  onClear: () => void;
}) {
  return (
    <section aria-labelledby="podcast-results-heading" className="mt-12">
      <h2 id="podcast-results-heading" className="sr-only">
        Podcasts
      </h2>
      {error ? (
        <ErrorNotice
          title="Error Loading Podcasts"
          message="Failed to load podcasts. Please try again later."
        />
      ) : (
        <Tabs value={tab} onValueChange={(value) => onTabChange(value as PodcastTab)}>
          <TabsList aria-label="Podcast lists">
            {PODCAST_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {PODCAST_TABS.map(({ value }) => (
            <TabsContent key={value} value={value} aria-busy={loading}>
              {loading || !podcasts ? (
                <div className={grid}>
                  {skeletonKeys(4).map((key) => (
                    <PodcastCardSkeleton key={key} />
                  ))}
                </div>
              ) : (
                <TabBody podcasts={podcasts} tab={value} onClear={onClear} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </section>
  );
}
