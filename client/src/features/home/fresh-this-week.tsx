import type { ReactNode } from "react";
import { SectionHeading } from "../../components/media/section-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { paths } from "../../lib/paths";

/**
 * 'Fresh This Week' on the landing page: tabs Playlists and Albums. The lists come from their own
 * features, so the route passes them in. Both panels stay mounted (the inactive one hidden), so the
 * albums load with the page and are there when their tab is chosen.
 */
export function FreshThisWeek({ playlists, albums }: { playlists: ReactNode; albums: ReactNode }) {
  return (
    <section aria-labelledby="fresh-heading">
      <SectionHeading
        id="fresh-heading"
        title="Fresh This Week"
        link={{ to: paths.releases, label: "All new releases" }}
      />
      <Tabs defaultValue="playlists">
        <TabsList aria-label="Fresh this week">
          <TabsTrigger value="playlists">Playlists</TabsTrigger>
          <TabsTrigger value="albums">Albums</TabsTrigger>
        </TabsList>
        <TabsContent value="playlists" forceMount className="data-[state=inactive]:hidden">
          {playlists}
        </TabsContent>
        <TabsContent value="albums" forceMount className="data-[state=inactive]:hidden">
          {albums}
        </TabsContent>
      </Tabs>
    </section>
  );
}
