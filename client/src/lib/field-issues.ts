import { ApiRequestError } from "./api/errors";

interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The field issues of a refused save (a 400 answer `{ error, issues }`, contracts/errors.ts), so a
 * form can show each one beside its field; none for any other failure.
 */
function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.body) as { issues?: unknown };
    if (!Array.isArray(body.issues)) return [];
    return body.issues.filter(
      (issue): issue is FieldIssue =>
        typeof issue === "object" &&
        issue !== null &&
        typeof (issue as FieldIssue).path === "string" &&
        typeof (issue as FieldIssue).message === "string",
    );
  } catch {
    return [];
  }
}

/**
 * Puts each issue of a failed save on the form's field of that name (react-hook-form's `setError`),
 * leaving what was typed as it is. Returns whether any issue named one of `fields`; when none did,
 * the caller shows the error as a whole.
 */
export function showFieldIssues<Name extends string>(
  error: unknown,
  fields: readonly Name[],
  setError: (
    name: Name,
    error: { type: string; message: string },
    options?: { shouldFocus: boolean },
  ) => void,
): boolean {
  let shown = false;
  for (const issue of fieldIssues(error)) {
    const name = fields.find((field) => field === issue.path);
    if (!name) continue;
    setError(name, { type: "server", message: issue.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
