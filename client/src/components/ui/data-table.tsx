import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  type Table,
  useReactTable,
} from "@tanstack/react-table";
import { Button } from "./button";
import { TableRegion } from "./table-region";

/**
 * A TanStack table as a real `<table>` in a scrollable, named region: the console's lists
 * (playlists, releases, genres) differ only in columns, caption and width.
 */
export function DataTable<Row>({
  table,
  label,
  caption,
  className,
}: {
  table: Table<Row>;
  /** The region's name for screen readers, e.g. 'Playlists table'. */
  label: string;
  caption: string;
  /** The table's own classes: its minimum width, so narrow screens scroll the region instead. */
  className: string;
}) {
  return (
    <TableRegion label={label}>
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
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
  );
}

/** One page of a list the server searches and pages (`total` rows in all, `limit` a page). */
interface ServerPage<Row> {
  rows: Row[];
  total: number;
  limit: number;
}

/** A table over one server page: TanStack's manual paging, driven by the caller's pagination. */
export function useServerPagedTable<Row>(
  page: ServerPage<Row>,
  columns: ColumnDef<Row>[],
  pagination: PaginationState,
  onPaginationChange: (next: PaginationState) => void,
): Table<Row> {
  return useReactTable({
    data: page.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount: Math.max(1, Math.ceil(page.total / page.limit)),
    rowCount: page.total,
    state: { pagination },
    onPaginationChange: (updater) =>
      onPaginationChange(typeof updater === "function" ? updater(pagination) : updater),
  });
}

/** 'Previous', where the page is ('21–40 of 53 · page 2 of 3', announced), and 'Next'. */
export function ServerPager<Row>({
  table,
  label,
  total,
  rowsOnPage,
}: {
  table: Table<Row>;
  /** The navigation's name, e.g. 'Playlist pages'. */
  label: string;
  total: number;
  rowsOnPage: number;
}) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, first + rowsOnPage - 1);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={!table.getCanPreviousPage()}
        onClick={() => table.previousPage()}
      >
        Previous
      </Button>
      <p className="text-sm" aria-live="polite">
        {first}–{last} of {total} · page {pageIndex + 1} of {table.getPageCount()}
      </p>
      <Button variant="outline" size="sm" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
        Next
      </Button>
    </nav>
  );
}
