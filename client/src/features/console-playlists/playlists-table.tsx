import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  useReactTable,
} from "@tanstack/react-table";
import type { ConsolePlaylistList, ConsolePlaylistRow } from "@waveform/contracts/console-playlists";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";

const columns: ColumnDef<ConsolePlaylistRow>[] = [
  {
    accessorKey: "title",
    header: "Playlist",
    cell: ({ row }) => (
      <Link
        to={`/admin/playlists/${row.original.id}`}
        className="font-medium underline decoration-muted-foreground/60 underline-offset-4 hover:decoration-current"
      >
        {row.original.title}
      </Link>
    ),
  },
  {
    accessorKey: "published",
    header: "Status",
    cell: ({ getValue }) =>
      getValue<boolean>() ? <Badge tone="green">Published</Badge> : <Badge tone="outline">Draft</Badge>,
  },
  {
    accessorKey: "featured",
    header: "Featured",
    cell: ({ getValue }) => (getValue<boolean>() ? "Yes" : "No"),
  },
  { accessorKey: "trackCount", header: "Tracks" },
  { accessorKey: "genre", header: "Genre" },
  { accessorKey: "curator", header: "Curator" },
  { accessorKey: "updatedOn", header: "Updated" },
];

/**
 * One page of the console's playlists as a real table (TanStack Table, manual paging: the server
 * searches and pages), with 'Previous' and 'Next' under it.
 */
export function PlaylistsTable({
  data,
  pagination,
  onPaginationChange,
}: {
  data: ConsolePlaylistList;
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(data.total / data.limit));
  const table = useReactTable({
    data: data.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount,
    rowCount: data.total,
    state: { pagination },
    onPaginationChange: (updater) =>
      onPaginationChange(typeof updater === "function" ? updater(pagination) : updater),
  });
  if (data.total === 0) return <p className="text-muted-foreground">No playlists match.</p>;
  const first = pagination.pageIndex * pagination.pageSize + 1;
  const last = Math.min(data.total, first + data.rows.length - 1);
  return (
    <div className="space-y-3">
      <TableRegion label="Playlists table">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Playlists, newest first</caption>
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
      <nav aria-label="Playlist pages" className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          Previous
        </Button>
        <p className="text-sm" aria-live="polite">
          {first}–{last} of {data.total} · page {pagination.pageIndex + 1} of {pageCount}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}
