import type { GenreReading } from "@waveform/contracts/genres";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { plural } from "../../lib/format";
import { displayArtistCount } from "./genre-display";
import { GenreSelection } from "./genre-selection";

/** The chosen genre in the explorer: name, description, counts, 'Clear Selection', and its tabs. */
export function SelectedGenre({
  genre,
  onClear,
  renderPlaylists,
}: {
  genre: GenreReading;
  onClear: () => void;
  renderPlaylists: (playlists: PlaylistReading[]) => ReactNode;
}) {
  return (
    <Card asChild className="space-y-4 rounded-2xl p-6">
      <section aria-labelledby="selected-genre-heading">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="selected-genre-heading" className="font-bold text-2xl">
              {genre.name}
            </h2>
            <p className="mt-1 text-muted-foreground">{genre.description}</p>
            <p className="mt-1 text-muted-foreground text-sm">
              {plural(genre.playlistCount, "playlist")} · {plural(displayArtistCount(genre), "artist")}
            </p>
          </div>
          <Button variant="ghost" onClick={onClear}>
            <X aria-hidden="true" /> Clear Selection
          </Button>
        </div>
        <GenreSelection key={genre.id} genre={genre} renderPlaylists={renderPlaylists} />
      </section>
    </Card>
  );
}
