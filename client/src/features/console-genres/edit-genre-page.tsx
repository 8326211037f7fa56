import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsoleGenre } from "@waveform/contracts/console-genres";
import { useState } from "react";
import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { isNotFound, readableError } from "../../lib/api/errors";
import { ArtistItemForm } from "./artist-item-form";
import * as api from "./console-genres.queries";
import { GenreSwatch } from "./genre-colours";
import { GenreForm } from "./genre-form";
import { SubgenreItemForm } from "./subgenre-item-form";

/** /admin/genres/:id: the genre's texts, colour, image and order, its subgenres and its artists. */
export function EditGenrePage({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const query = useQuery(api.consoleGenreQuery(id));
  const [status, setStatus] = useState("");
  /** Every write answers with the genre as it now is: keep it, say what changed. */
  const saved = (message: string) => (genre: ConsoleGenre) => {
    queryClient.setQueryData(api.consoleGenreQuery(id).queryKey, genre);
    void queryClient.invalidateQueries({ queryKey: api.consoleGenresQuery.queryKey });
    setStatus(message);
  };

  if (query.isPending) return <p className="text-muted-foreground">Loading the genre…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        {isNotFound(query.error)
          ? "There is no such genre."
          : `The genre could not be loaded: ${readableError(query.error)}`}{" "}
        <Link to="/admin/genres" className="underline">
          Back to the genres
        </Link>
      </p>
    );
  const genre = query.data;
  return (
    <div className="max-w-3xl space-y-8">
      <PageHead title={`Edit ${genre.name}`} noindex />
      <p>
        <Link to="/admin/genres" className="text-muted-foreground text-sm underline-offset-4 hover:underline">
          ← Genres
        </Link>
      </p>
      <div className="space-y-2">
        <h1 className="flex items-center gap-3 font-bold text-3xl tracking-tight">
          <GenreSwatch colorIndex={genre.colorIndex} className="size-8" />
          {genre.name}
        </h1>
        <p className="text-sm">
          <Link to={`/genres/${genre.slug}`} className="underline underline-offset-4">
            View on the site
          </Link>
        </p>
        <p role="status" className="min-h-6 font-medium text-sm">
          {status}
        </p>
      </div>
      <section aria-labelledby="genre-details-heading" className="space-y-4">
        <h2 id="genre-details-heading" className="font-semibold text-xl">
          Details
        </h2>
        <GenreForm
          key={genre.id}
          genre={genre}
          onSubmit={async (values) =>
            saved(`Saved "${values.name}": the site shows the change now.`)(await api.updateGenre(id, values))
          }
        />
      </section>
      <section aria-labelledby="subgenres-heading" className="space-y-4">
        <h2 id="subgenres-heading" className="font-semibold text-xl">
          Subgenres ({genre.subgenres.length})
        </h2>
        <ul className="space-y-4">
          {genre.subgenres.map((sub) => (
            <li key={sub.id} className="rounded-lg border p-3">
              <SubgenreItemForm
                idBase={`subgenre-${sub.id}`}
                what={sub.name}
                defaultValues={{ name: sub.name, popularity: sub.popularity }}
                submitLabel="Save"
                onSubmit={async (values) =>
                  saved(`Saved subgenre "${values.name}".`)(await api.updateSubgenre(id, sub.id, values))
                }
                onRemove={async () =>
                  saved(`Removed subgenre "${sub.name}".`)(await api.removeSubgenre(id, sub.id))
                }
              />
            </li>
          ))}
        </ul>
        <h3 className="font-semibold text-lg">Add a subgenre</h3>
        <SubgenreItemForm
          idBase="new-subgenre"
          defaultValues={{ name: "", popularity: 5 }}
          submitLabel="Add subgenre"
          onSubmit={async (values) =>
            saved(`Added subgenre "${values.name}".`)(await api.addSubgenre(id, values))
          }
        />
      </section>
      <section aria-labelledby="artists-heading" className="space-y-4">
        <h2 id="artists-heading" className="font-semibold text-xl">
          Artists ({genre.artists.length})
        </h2>
        <ul className="space-y-4">
          {genre.artists.map((artist) => (
            <li key={artist.id} className="rounded-lg border p-3">
              <ArtistItemForm
                idBase={`artist-${artist.id}`}
                what={artist.name}
                defaultValues={{ name: artist.name, platform: artist.platform, imageUrl: artist.imageUrl }}
                submitLabel="Save"
                onSubmit={async (values) =>
                  saved(`Saved artist "${values.name}".`)(await api.updateArtist(id, artist.id, values))
                }
                onRemove={async () =>
                  saved(`Removed artist "${artist.name}".`)(await api.removeArtist(id, artist.id))
                }
              />
            </li>
          ))}
        </ul>
        <h3 className="font-semibold text-lg">Add an artist</h3>
        <ArtistItemForm
          idBase="new-artist"
          defaultValues={{ name: "", platform: "Spotify", imageUrl: null }}
          submitLabel="Add artist"
          onSubmit={async (values) =>
            saved(`Added artist "${values.name}".`)(await api.addArtist(id, values))
          }
        />
      </section>
    </div>
  );
}
