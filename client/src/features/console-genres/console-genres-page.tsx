import { useQuery } from "@tanstack/react-query";
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import type { ConsoleGenreRow } from "@waveform/contracts/console-genres";
import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api-client";
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
        <TableRegion label="Genres table">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Genres, in the site's order</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}
