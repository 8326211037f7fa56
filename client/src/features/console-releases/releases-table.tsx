import type { ColumnDef, PaginationState } from "@tanstack/react-table";
import type { ConsoleRelease, ConsoleReleaseList } from "@waveform/contracts/console-releases";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { DataTable, ServerPager, useServerPagedTable } from "../../components/ui/data-table";

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
  const table = useServerPagedTable(data, columns(onEdit), pagination, onPaginationChange);
  if (data.total === 0) return <p className="text-muted-foreground">No releases match.</p>;
  return (
    <div className="space-y-3">
      <DataTable
        table={table}
        label="Releases table"
        caption="Releases, newest first"
        className="w-full min-w-[40rem] text-left text-sm"
      />
      <ServerPager table={table} label="Release pages" total={data.total} rowsOnPage={data.rows.length} />
    </div>
  );
}
