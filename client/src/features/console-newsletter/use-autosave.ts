import { useQueryClient } from "@tanstack/react-query";
import { type IssueFieldsInput, IssueFieldsSchema } from "@waveform/contracts/newsletter-issues";
import { useEffect, useState } from "react";
import { ApiRequestError, readableError } from "../../lib/api/errors";
import { Autosave, type SaveState } from "./autosave";
import { consoleIssueQuery, updateIssue } from "./console-newsletter.queries";

/** How long typing must pause before a draft is saved. */
const AUTOSAVE_DELAY_MS = 800;

/** The composer's autosave of issue `id` (autosave.ts), with its state for the status line. */
export function useIssueAutosave(id: number, version: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ status: "saved" });
  const [autosave] = useState(
    () =>
      new Autosave<IssueFieldsInput>({
        version,
        delayMs: AUTOSAVE_DELAY_MS,
        save: async (fields, current) => {
          const stored = await updateIssue(id, { ...fields, version: current });
          queryClient.setQueryData(consoleIssueQuery(id).queryKey, stored);
          void queryClient.invalidateQueries({ queryKey: ["console", "newsletter", "issues"], exact: true });
          return stored.version;
        },
        check: (fields) => {
          const checked = IssueFieldsSchema.safeParse(fields);
          return checked.success ? null : (checked.error.issues[0]?.message ?? "Check the fields");
        },
        isConflict: (error) => error instanceof ApiRequestError && error.status === 409,
        describe: readableError,
        onState: setState,
      }),
  );
  // Leaving the composer saves what is still waiting for the pause.
  useEffect(() => () => void autosave.flush(), [autosave]);
  // Closing the tab with unsaved text asks first.
  const unsaved = state.status !== "saved";
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
  return { autosave, state };
}
