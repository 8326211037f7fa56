import * as z from "zod/mini";

/**
 * The largest id a row has: every table the API names by id keys it with an `integer` (PostgreSQL
 * int4) column. A larger number reached the database, which refused it: a 500 and two error lines.
 */
export const ROW_ID_MAX = 2_147_483_647;

/** Whether `text` is an id a row may have: a positive whole number in digits, at most ROW_ID_MAX. */
export const isRowId = (text: string): boolean => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= ROW_ID_MAX;

/**
 * A row's id in a body (a number): a positive whole number no larger than ROW_ID_MAX, else the
 * `invalid` issue (a 400; such a number reached the database and was a 500).
 */
export const rowId = (invalid: string) =>
  z.int(invalid).check(z.positive(invalid), z.lte(ROW_ID_MAX, invalid));

/** The `params` flag of the issue an id above ROW_ID_MAX raises (see isOutOfRangeId). */
const OUT_OF_RANGE = "rowIdOutOfRange";

/**
 * A path parameter that is a row's id, as a number. Not a positive whole number: the `invalid`
 * issue (a 400). A positive whole number above ROW_ID_MAX names nothing that can exist, so it
 * raises the `notFound` issue, which the server answers 404 with that message, as it answers an id
 * it does not find, and never sends to the database.
 */
export const rowIdParam = (invalid: string, notFound: string) =>
  z.pipe(
    z.string(invalid).check(
      z.regex(/^[1-9]\d*$/, { error: invalid, abort: true }),
      z.refine((text: string) => isRowId(text), { error: notFound, params: { [OUT_OF_RANGE]: true } }),
    ),
    z.transform((text: string) => Number(text)),
  );

/** Whether a validation issue is rowIdParam's "no row can have this id". */
const isOutOfRangeId = (issue: { params?: unknown }): boolean =>
  typeof issue.params === "object" &&
  issue.params !== null &&
  (issue.params as Record<string, unknown>)[OUT_OF_RANGE] === true;

/**
 * The 404 message when every issue of a failed validation is an id no row can have (a request
 * that is otherwise fine asks for what does not exist); null otherwise (a 400).
 */
export function outOfRangeIdMessage(
  issues: ReadonlyArray<{ params?: unknown; message?: string }>,
): string | null {
  if (issues.length === 0 || !issues.every(isOutOfRangeId)) return null;
  return issues[0]?.message ?? "Not found";
}
