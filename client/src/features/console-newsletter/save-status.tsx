import { Button } from "../../components/ui/button";
import type { SaveState } from "./autosave";

const WORDS: Record<"saved" | "unsaved" | "saving", string> = {
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving…",
};

/**
 * The autosave's state, in words: 'Saved', 'Saving…', why a draft is not saved yet, and on a
 * conflict the editor's two ways out. Nothing typed is dropped unless they choose 'Load theirs'.
 */
export function SaveStatus({
  state,
  onRetry,
  onKeepMine,
  onTakeTheirs,
}: {
  state: SaveState;
  onRetry: () => void;
  onKeepMine: () => Promise<unknown>;
  onTakeTheirs: () => Promise<unknown>;
}) {
  if (state.status === "conflict") {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-destructive/60 p-3 text-sm">
        <p className="font-semibold">Not saved: this issue was changed elsewhere.</p>
        <p>
          {state.message} Your text is still here. Keep yours (it replaces theirs) or load theirs (yours is
          dropped).
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => void onKeepMine()}>
            Keep my version
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => void onTakeTheirs()}>
            Load their version
          </Button>
        </div>
      </div>
    );
  }
  if (state.status === "failed" || state.status === "invalid") {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/60 p-3 text-sm"
      >
        <p className="min-w-0 flex-1">
          <span className="font-semibold">Not saved:</span> {state.message.replace(/\.$/, "")}.{" "}
          {state.status === "failed" ? "Your text is kept here and saved again with your next change." : ""}
        </p>
        {state.status === "failed" && (
          <Button type="button" size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return (
    <p role="status" className="font-medium text-muted-foreground text-sm">
      {WORDS[state.status]}
    </p>
  );
}
