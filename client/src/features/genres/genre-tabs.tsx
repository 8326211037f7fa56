import type { ReactNode } from "react";
import { EmptyNotice } from "../../components/media/notices";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useEarlyTabs } from "../../components/ui/use-early-tabs";
import { genreDescription } from "./genre-descriptions";

/** A tab whose content is not built yet (Top Artists, Top Tracks): 'Coming Soon'. */
function ComingSoon({ what }: { what: string }) {
  return (
    <EmptyNotice className="p-10">
      <p className="font-semibold text-foreground text-lg">Coming Soon</p>
      <p className="mt-1">{what} for this genre are on their way.</p>
    </EmptyNotice>
  );
}

const GENRE_TABS = ["playlists", "artists", "tracks"] as const;

/**
 * A genre page's tabs: its playlists (passed in by the route), and Top Artists and Top Tracks to
 * come. Every panel is in the page from the server (the others hidden), so a tab answers before
 * the page's code has run (`data-switch-early`: the early-events script switches them itself).
 */
export function GenreTabs({ genreName, playlists }: { genreName: string; playlists: ReactNode }) {
  const tabs = useEarlyTabs(GENRE_TABS, "playlists");
  return (
    <Tabs value={tabs.value} onValueChange={tabs.setValue}>
      <TabsList ref={tabs.list} aria-label={`${genreName} content`} data-switch-early="">
        <TabsTrigger value="playlists">Playlists</TabsTrigger>
        <TabsTrigger value="artists">Top Artists</TabsTrigger>
        <TabsTrigger value="tracks">Top Tracks</TabsTrigger>
      </TabsList>
      <TabsContent value="playlists" forceMount className="data-[state=inactive]:hidden">
        {/* The cards' titles are h3s: the tab panel names its list for the heading outline. */}
        <h2 className="sr-only">{`${genreName} Playlists`}</h2>
        {playlists}
      </TabsContent>
      <TabsContent value="artists" forceMount className="data-[state=inactive]:hidden">
        <ComingSoon what="Top artists" />
      </TabsContent>
      <TabsContent value="tracks" forceMount className="data-[state=inactive]:hidden">
        <ComingSoon what="Top tracks" />
      </TabsContent>
    </Tabs>
  );
}

/** 'About <genre> Music': a paragraph on the genre. */
export function AboutGenre({ genreName }: { genreName: string }) {
  return (
    <section aria-labelledby="about-genre-heading" className="max-w-3xl">
      <h2 id="about-genre-heading" className="font-bold text-2xl">
        About {genreName} Music
      </h2>
      <p className="mt-3 text-muted-foreground leading-relaxed">{genreDescription(genreName)}</p>
    </section>
  );
}
