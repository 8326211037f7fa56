import { useQuery } from "@tanstack/react-query";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { SearchInput } from "../../components/ui/search-input";
import { GENRES_FAILED } from "./explore-genres";
import { filterGenres } from "./genre-display";
import { GenrePills } from "./genre-pills";
import { genresQuery } from "./genres.queries";
import { TrendingGenres } from "./trending-genres";

const loadSelectedGenre = () => import("./selected-genre");
// Nothing is selected when the page opens: the selection's code (its tabs, playlist cards, artists)
// loads as the visitor reaches for a genre, not with the page (decision 0019).
const SelectedGenre = lazy(() => loadSelectedGenre().then((module) => ({ default: module.SelectedGenre })));
const prefetchSelectedGenre = () => void loadSelectedGenre();

/** The 'Genre Explorer' of /genres: search, genre buttons, a selection with tabs, trending. */
export function GenreExplorer({
  renderPlaylists,
}: {
  /** Playlist cards belong to the playlists feature; the route module passes them in. */
  renderPlaylists: (playlists: PlaylistReading[]) => ReactNode;
}) {
  const { data: genres, isPending, error } = useQuery(genresQuery);
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = genres?.find((genre) => genre.id === selectedId) ?? null;
  const visible = genres ? filterGenres(genres, search) : [];

  if (error) {
    return (
      <div className="mt-8">
        <ErrorNotice title={GENRES_FAILED} />
      </div>
    );
  }
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_320px]">
      <div
        className="min-w-0 space-y-6"
        onPointerDownCapture={prefetchSelectedGenre}
        onFocusCapture={prefetchSelectedGenre}
      >
        <SearchInput
          className="max-w-md"
          aria-label="Search genres"
          placeholder="Search genres"
          value={search}
          onValueChange={setSearch}
        />
        <GenrePills genres={visible} loading={isPending} selectedId={selectedId} onSelect={setSelectedId} />
        {!selected && (isPending || visible.length > 0) && (
          <EmptyNotice className="rounded-2xl">
            <p>Choose a genre to see its subgenres, our playlists and its artists.</p>
          </EmptyNotice>
        )}
        {selected && (
          <Suspense fallback={null}>
            <SelectedGenre
              genre={selected}
              onClear={() => setSelectedId(null)}
              renderPlaylists={renderPlaylists}
            />
          </Suspense>
        )}
      </div>
      <aside>{(isPending || (genres && genres.length > 0)) && <TrendingGenres genres={genres} />}</aside>
    </div>
  );
}
