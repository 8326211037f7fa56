import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useEarlyTabs } from "../../components/ui/use-early-tabs";
import { ArtistPanel } from "./artist-panel";
import { spotlightArtists } from "./spotlight-artists.data";

const artistIds = spotlightArtists.map((artist) => artist.id);

/**
 * One tab per spotlight artist, the first selected. Every artist's panel is in the page from the
 * server (the others hidden), so a tab shows its artist at once, before the page's code has run
 * (`data-switch-early`: the early-events script switches these tabs itself, lib/early-events.ts).
 */
export function ArtistTabs() {
  const tabs = useEarlyTabs(artistIds, artistIds[0] ?? "");
  return (
    <Tabs value={tabs.value} onValueChange={tabs.setValue} className="mt-8">
      <TabsList ref={tabs.list} aria-label="Artists" data-switch-early="">
        {spotlightArtists.map((artist) => (
          <TabsTrigger key={artist.id} value={artist.id}>
            {artist.name}
          </TabsTrigger>
        ))}
      </TabsList>
      {spotlightArtists.map((artist, index) => (
        <TabsContent key={artist.id} value={artist.id} forceMount className="data-[state=inactive]:hidden">
          <ArtistPanel artist={artist} first={index === 0} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
