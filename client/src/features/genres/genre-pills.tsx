import type { GenreReading } from "@waveform/contracts/genres";
import { EmptyNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";

const PILL_WIDTHS = [109, 87, 64, 70, 64, 100, 59, 58, 87, 94];

/** The explorer's genre buttons; the pressed one is the selection. */
export function GenrePills({
  genres,
  loading,
  selectedId,
  onSelect,
}: {
  genres: GenreReading[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <div aria-busy={loading}>
      {loading ? (
        <div className="flex flex-wrap gap-2">
          {/* Widths like the usual genre names, so the buttons land where the pills were. */}
          {PILL_WIDTHS.map((width, index) => (
            <Skeleton
              key={skeletonKeys(PILL_WIDTHS.length)[index]}
              className="h-10 rounded-full"
              style={{ width }}
            />
          ))}
        </div>
      ) : genres.length === 0 ? (
        <EmptyNotice>No genres found</EmptyNotice>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Genres">
          {genres.map((genre) => (
            <li key={genre.id}>
              <Button
                variant={genre.id === selectedId ? "default" : "outline"}
                className="rounded-full"
                aria-pressed={genre.id === selectedId}
                onClick={() => onSelect(genre.id)}
              >
                {genre.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
