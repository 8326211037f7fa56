import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  useReactTable,
} from "@tanstack/react-table";
import type { ConsoleRelease, ConsoleReleaseList } from "@waveform/contracts/console-releases";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";

const columns = (onEdit: (release: ConsoleRelease) => void): ColumnDef<ConsoleRelease>[] => [
  {
    accessorKey: "title",
    header: "Release",
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{row.original.title}</span>
        {row.original.isNew && <Badge tone="green">New</Badge>}
      </span>
    ),
  },
  { accessorKey: "artist", header: "Artist" },
  {
    accessorKey: "releaseDate",
    header: "Released",
    // A date breaks at its hyphens in a narrow column; it reads as one word.
    cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue<string>()}</span>,
  },
  { accessorKey: "trackCount", header: "Tracks" },
  { accessorKey: "platform", header: "Platform" },
  {
    id: "edit",
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Edit: ${row.original.title}`}
        onClick={() => onEdit(row.original)}
      >
        Edit
      </Button>
    ),
  },
];

/**
 * One page of the console's releases as a real table (TanStack Table, manual paging: the server
 * searches and pages), with 'Previous' and 'Next' under it; 'Edit' puts a release in the form.
 */
export function ReleasesTable({
  data,
  pagination,
  onPaginationChange,
  onEdit,
}: {
  data: ConsoleReleaseList;
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
  onEdit: (release: ConsoleRelease) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(data.total / data.limit));
  const table = useReactTable({
    data: data.rows,
    columns: columns(onEdit),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount,
    rowCount: data.total,
    state: { pagination },
    onPaginationChange: (updater) =>
      onPaginationChange(typeof updater === "function" ? updater(pagination) : updater),
  });
  if (data.total === 0) return <p className="text-muted-foreground">No releases match.</p>;
  const first = pagination.pageIndex * pagination.pageSize + 1;
  const last = Math.min(data.total, first + data.rows.length - 1);
  return (
    <div className="space-y-3">
      <TableRegion label="Releases table">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Releases, newest first</caption>
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
      <nav aria-label="Release pages" className="flex flex-wrap items-center gap-3">
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
