import { useQuery } from "@tanstack/react-query";
import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import type { ConsoleGenreRow } from "@waveform/contracts/console-genres";
import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { DataTable } from "../../components/ui/data-table";
import { readableError } from "../../lib/api/errors";
import { consoleGenresQuery } from "./console-genres.queries";
import { GENRE_COLOUR_NAMES, GenreSwatch } from "./genre-colours";

const columns: ColumnDef<ConsoleGenreRow>[] = [
  {
    accessorKey: "name",
    header: "Genre",
    cell: ({ row }) => (
      <Link
        to={`/admin/genres/${row.original.id}`}
        className="font-medium underline decoration-muted-foreground/60 underline-offset-4 hover:decoration-current"
      >
        {row.original.name}
      </Link>
    ),
  },
  {
    accessorKey: "colorIndex",
    header: "Colour",
    cell: ({ getValue }) => (
      <span className="flex items-center gap-2">
        <GenreSwatch colorIndex={getValue<number>()} />
        {GENRE_COLOUR_NAMES[getValue<number>()] ?? getValue<number>()}
      </span>
    ),
  },
  { accessorKey: "subgenreCount", header: "Subgenres" },
  { accessorKey: "artistCount", header: "Artists" },
  { accessorKey: "playlistCount", header: "Playlists" },
  { accessorKey: "sortOrder", header: "Order" },
];

/** /admin/genres: every genre in the site's order, each linking to its edit page. */
export function ConsoleGenresPage() {
  const list = useQuery(consoleGenresQuery);
  const table = useReactTable({ data: list.data ?? [], columns, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="space-y-6">
      <PageHead title="Genres" noindex />
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Genres</h1>
        <p className="mt-2 text-muted-foreground">
          Texts, colour, image and order of each genre, its subgenres and its artists. Changes show on the
          site at once.
        </p>
      </div>
      {list.isPending ? (
        <p className="text-muted-foreground">Loading genres…</p>
      ) : list.isError ? (
        <p role="alert" className="text-destructive dark:text-red-400">
          The genres could not be loaded: {readableError(list.error)}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-muted-foreground">There are no genres yet: a catalogue import adds them.</p>
      ) : (
        <DataTable
          table={table}
          label="Genres table"
          caption="Genres, in the site's order"
          className="w-full min-w-[36rem] text-left text-sm"
        />
      )}
    </div>
  );
}
