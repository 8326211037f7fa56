import type { ReactNode } from "react";
import { Link } from "react-router";
import { TableRegion } from "../../components/ui/table-region";
import { formatCount } from "./chart-data";

interface Column<Row> {
  heading: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned, in figures of equal width. */
  numeric?: boolean;
}

/** A column of counts (right-aligned, grouped digits). */
const countColumn = <Row,>(heading: string, count: (row: Row) => number): Column<Row> => ({
  heading,
  cell: (row) => formatCount(count(row)),
  numeric: true,
});

/** A column of links to the site's pages (a playlist, an episode, a search). */
const linkColumn = <Row,>(
  heading: string,
  to: (row: Row) => string,
  text: (row: Row) => string,
): Column<Row> => ({
  heading,
  cell: (row) => (
    <Link to={to(row)} className="text-primary underline">
      {text(row)}
    </Link>
  ),
});

/** The column makers a table's `columns` gets, typed by its rows. */
const columnKit = { count: countColumn, link: linkColumn };
interface ColumnKit<Row> {
  count: (heading: string, count: (row: Row) => number) => Column<Row>;
  link: (heading: string, to: (row: Row) => string, text: (row: Row) => string) => Column<Row>;
}

/**
 * One of the report's lists as a table with a heading, or a sentence when it is empty. The first
 * column names the row (a row header for screen readers).
 */
export function ReportTable<Row>({
  id,
  title,
  about,
  rows,
  rowKey,
  columns: makeColumns,
  empty,
}: {
  id: string;
  title: string;
  about?: ReactNode;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The columns, made with the kit's makers where they fit (counts, links). */
  columns: (kit: ColumnKit<Row>) => Column<Row>[];
  empty: string;
}) {
  const columns = makeColumns(columnKit);
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3">
      <div>
        <h3 id={id} className="font-semibold text-lg">
          {title}
        </h3>
        {about && <p className="text-muted-foreground text-sm">{about}</p>}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">{empty}</p>
      ) : (
        <TableRegion label={title}>
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.heading}
                    scope="col"
                    className={column.numeric ? "px-3 py-2 text-right font-medium" : "px-3 py-2 font-medium"}
                  >
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t">
                  {columns.map((column, index) => {
                    const className = column.numeric
                      ? "px-3 py-2 text-right tabular-nums"
                      : "px-3 py-2 [overflow-wrap:anywhere]";
                    return index === 0 ? (
                      <th key={column.heading} scope="row" className={`${className} font-normal`}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.heading} className={className}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
