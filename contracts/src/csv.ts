/** A CSV cell: text and numbers as they are, booleans as true/false, null and undefined as empty. */
export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows (the header first, when there is one) as CSV text, quoted as RFC 4180 says: a field holding
 * a double quote, a comma, a carriage return or a line feed is put in double quotes, with its own
 * double quotes doubled; every other field is written as it is, spaces included.
 *
 * Each record ends with "\n", as our other text output does and every CSV reader accepts (RFC 4180
 * names CRLF); line breaks inside a field are kept as they are, inside the quotes.
 *
 * Cells are not rewritten to defuse spreadsheet formulas (a leading = + - @): that would change the
 * data, e.g. negative numbers. Callers export values they have checked.
 */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\n`).join("");
}
