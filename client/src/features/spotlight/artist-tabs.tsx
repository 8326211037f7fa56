import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { ArtistPanel } from "./artist-panel";
import { spotlightArtists } from "./spotlight-artists.data";

/** One tab per spotlight artist, the first selected. */
export function ArtistTabs() {
  const first = spotlightArtists[0]?.id ?? "";
  return (
    <Tabs defaultValue={first} className="mt-8">
      <TabsList aria-label="Artists">
        {spotlightArtists.map((artist) => (
          <TabsTrigger key={artist.id} value={artist.id}>
            {artist.name}
          </TabsTrigger>
        ))}
      </TabsList>
      {spotlightArtists.map((artist) => (
        <TabsContent key={artist.id} value={artist.id}>
          <ArtistPanel artist={artist} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
