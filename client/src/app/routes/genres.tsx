import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { PageShell } from "../../components/layout/page-shell";
import { EmptyNotice, ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { SearchInput } from "../../components/ui/search-input";
import { Skeleton, skeletonKeys } from "../../components/ui/skeleton";
import { GENRES_FAILED } from "../../features/genres/explore-genres";
import { displayArtistCount, filterGenres } from "../../features/genres/genre-display";
import { GenreSelection } from "../../features/genres/genre-selection";
import { genresQuery } from "../../features/genres/genres.queries";
import { TrendingGenres } from "../../features/genres/trending-genres";
import { PlaylistGrid } from "../../features/playlists/playlist-grid";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";

const PILL_WIDTHS = [109, 87, 64, 70, 64, 100, 59, 58, 87, 94];

/** Variant B, 'Genre Explorer' (SPEC §2): search, genre buttons, a selection with tabs, trending. */
export function Component() {
  const { data: genres, isPending, error } = useQuery(genresQuery);
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = genres?.find((genre) => genre.id === selectedId) ?? null;
  const visible = genres ? filterGenres(genres, search) : [];

  return (
    <PageShell
      title="Genre Explorer"
      lead="Pick a genre to see its subgenres, our playlists and the artists behind it."
    >
      {error ? (
        <div className="mt-8">
          <ErrorNotice title={GENRES_FAILED} />
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_320px]">
          <div className="min-w-0 space-y-6">
            <SearchInput
              className="max-w-md"
              aria-label="Search genres"
              placeholder="Search genres"
              value={search}
              onValueChange={setSearch}
            />
            <div aria-busy={isPending}>
              {isPending ? (
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
              ) : visible.length === 0 ? (
                <EmptyNotice>No genres found</EmptyNotice>
              ) : (
                <ul className="flex flex-wrap gap-2" aria-label="Genres">
                  {visible.map((genre) => (
                    <li key={genre.id}>
                      <Button
                        variant={genre.id === selectedId ? "default" : "outline"}
                        className={cn("rounded-full")}
                        aria-pressed={genre.id === selectedId}
                        onClick={() => setSelectedId(genre.id)}
                      >
                        {genre.name}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {!selected && (isPending || visible.length > 0) && (
              <p className="rounded-2xl border border-dashed p-8 text-center text-muted-foreground">
                Choose a genre to see its subgenres, our playlists and its artists.
              </p>
            )}
            {selected && (
              <section
                aria-labelledby="selected-genre-heading"
                className="space-y-4 rounded-2xl border bg-card p-6"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 id="selected-genre-heading" className="font-bold text-2xl">
                      {selected.name}
                    </h2>
                    <p className="mt-1 text-muted-foreground">{selected.description}</p>
                    <p className="mt-1 text-muted-foreground text-sm">
                      {plural(selected.playlistCount, "playlist")} ·{" "}
                      {plural(displayArtistCount(selected), "artist")}
                    </p>
                  </div>
                  <Button variant="ghost" onClick={() => setSelectedId(null)}>
                    <X aria-hidden="true" /> Clear Selection
                  </Button>
                </div>
                <GenreSelection
                  key={selected.id}
                  genre={selected}
                  renderPlaylists={(playlists) => <PlaylistGrid playlists={playlists} />}
                />
              </section>
            )}
          </div>
          <aside>{(isPending || (genres && genres.length > 0)) && <TrendingGenres genres={genres} />}</aside>
        </div>
      )}
    </PageShell>
  );
}
