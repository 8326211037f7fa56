import type { ColumnDef, PaginationState } from "@tanstack/react-table";
import type { ConsolePlaylistList, ConsolePlaylistRow } from "@waveform/contracts/console-playlists";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { DataTable, ServerPager, useServerPagedTable } from "../../components/ui/data-table";

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
  const table = useServerPagedTable(data, columns, pagination, onPaginationChange);
  if (data.total === 0) return <p className="text-muted-foreground">No playlists match.</p>;
  return (
    <div className="space-y-3">
      <DataTable
        table={table}
        label="Playlists table"
        caption="Playlists, newest first"
        className="w-full min-w-[44rem] text-left text-sm"
      />
      <ServerPager table={table} label="Playlist pages" total={data.total} rowsOnPage={data.rows.length} />
    </div>
  );
}
