import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsoleIssue } from "@waveform/contracts/newsletter-issues";
import { Plus } from "lucide-react";
import { useCallback, useMemo, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { CataloguePicker } from "./catalogue-picker";
import {
  type CatalogueChoice,
  consoleIssueQuery,
  newsletterSuggestionsQuery,
  testSendIssue,
} from "./console-newsletter.queries";
import { type DraftAction, draftOf, draftReducer, fieldsOf, holdsBlock } from "./issue-draft";
import { IssuePreview } from "./issue-preview";
import { SaveStatus } from "./save-status";
import { SectionList } from "./section-list";
import { SendPanel } from "./send-panel";
import { useIssueAutosave } from "./use-autosave";
import { markdownArea } from "./welcome-form";

/**
 * The composer of one issue: title, slug, intro and sections (Markdown and catalogue blocks),
 * saved as typed (autosave), the live preview beside it, 'Send test to me', and the send panel.
 * Only a draft can be edited; after that the fields show what went out.
 */
export function IssueComposer({ issue, isAdmin }: { issue: ConsoleIssue; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(issue));
  const { autosave, state } = useIssueAutosave(issue.id, issue.version);
  const fields = useMemo(() => fieldsOf(draft), [draft]);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  // Catalogue blocks' titles, as the suggestions and the search gave them.
  const [picked, setPicked] = useState(() => new Map<string, string>());
  const [rendered, setRendered] = useState(() => new Map<string, string>());
  const suggestions = useQuery({ ...newsletterSuggestionsQuery, enabled: issue.state === "draft" });
  const labels = useMemo(() => {
    const known = new Map<string, string>(
      (suggestions.data?.suggestions ?? []).map((item) => [`${item.type}:${item.id}`, item.title] as const),
    );
    for (const [key, title] of [...rendered, ...picked]) known.set(key, title);
    return known;
  }, [suggestions.data, picked, rendered]);
  const [testMessage, setTestMessage] = useState<{ error: boolean; text: string }>({
    error: false,
    text: "",
  });
  const editable = issue.state === "draft";

  /** Every edit goes through here: the draft changes, and the autosave hears of it. */
  const dispatch = useCallback(
    (action: DraftAction) => {
      const next = draftReducer(draftRef.current, action);
      if (next === draftRef.current) return;
      draftRef.current = next;
      setDraft(next);
      if (action.type !== "replace") autosave.change(fieldsOf(next));
    },
    [autosave],
  );
  const addChoice = (choice: CatalogueChoice) => {
    setPicked((known) => new Map(known).set(`${choice.type}:${choice.id}`, choice.title));
    dispatch({ type: "addBlock", block: { type: choice.type, id: choice.id } });
  };
  const fetchTheirs = () => queryClient.fetchQuery({ ...consoleIssueQuery(issue.id), staleTime: 0 });
  const keepMine = async () => autosave.keepMine((await fetchTheirs()).version);
  const takeTheirs = async () => {
    const theirs = await fetchTheirs();
    dispatch({ type: "replace", draft: draftOf(theirs) });
    autosave.takeTheirs(theirs.version);
  };
  const sendTest = async () => {
    setTestMessage({ error: false, text: "Sending a test…" });
    try {
      if (!(await autosave.flush())) {
        setTestMessage({ error: true, text: "The draft is not saved: fix what the status says first." });
        return;
      }
      const { to } = await testSendIssue(issue.id);
      setTestMessage({ error: false, text: `Test sent to ${to}.` });
    } catch (failure) {
      setTestMessage({ error: true, text: `The test was not sent: ${readableError(failure)}` });
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-8">
        {editable ? (
          <SaveStatus
            state={state}
            onRetry={() => void autosave.flush()}
            onKeepMine={keepMine}
            onTakeTheirs={takeTheirs}
          />
        ) : (
          <p className="rounded-lg border bg-muted/40 p-3 text-sm">
            This issue is no longer a draft: its text is what subscribers get and can no longer be changed.
          </p>
        )}
        <fieldset disabled={!editable} className="min-w-0 space-y-4">
          <legend className="sr-only">The issue</legend>
          <FormField id="issue-title" label="Title (the mail's subject)">
            <Input
              {...fieldControlProps("issue-title", undefined)}
              value={draft.title}
              onChange={(event) => dispatch({ type: "field", field: "title", value: event.target.value })}
            />
          </FormField>
          <FormField
            id="issue-slug"
            label="Address in the archive"
            hint={`/newsletter/issues/${draft.slug || "…"}`}
          >
            <Input
              {...fieldControlProps("issue-slug", undefined, "hint")}
              value={draft.slug}
              onChange={(event) => dispatch({ type: "field", field: "slug", value: event.target.value })}
            />
          </FormField>
          <FormField id="issue-intro" label="Intro (Markdown)">
            <textarea
              {...fieldControlProps("issue-intro", undefined)}
              className={markdownArea}
              value={draft.intro}
              onChange={(event) => dispatch({ type: "field", field: "intro", value: event.target.value })}
            />
          </FormField>
        </fieldset>
        <section aria-labelledby="sections-heading" className="space-y-3">
          <h2 id="sections-heading" className="font-semibold text-xl">
            Sections
          </h2>
          <SectionList sections={draft.sections} labels={labels} dispatch={dispatch} disabled={!editable} />
          {editable && (
            <Button type="button" variant="outline" onClick={() => dispatch({ type: "addText" })}>
              <Plus aria-hidden="true" /> Add a text block
            </Button>
          )}
        </section>
        {editable && (
          <section aria-labelledby="catalogue-heading" className="space-y-3">
            <h2 id="catalogue-heading" className="font-semibold text-xl">
              Add from the catalogue
            </h2>
            <CataloguePicker
              disabled={!editable}
              isAdded={(choice) => holdsBlock(draft, choice.type, choice.id)}
              onAdd={addChoice}
            />
          </section>
        )}
      </div>
      <div className="min-w-0 space-y-8">
        <IssuePreview fields={fields} onBlockNames={setRendered} />
        <div className="space-y-2">
          <Button type="button" variant="outline" onClick={() => void sendTest()}>
            Send test to me
          </Button>
          <p role={testMessage.error ? "alert" : "status"} className="min-h-6 font-medium text-sm">
            {testMessage.text}
          </p>
        </div>
        <SendPanel
          issue={issue}
          isAdmin={isAdmin}
          // The version of the text on screen: this composer's last save, or what it loaded. Not
          // `issue.version`, which a refetch may move on to someone else's save never shown here.
          beforeSend={async () => ((await autosave.flush()) ? autosave.savedVersion : null)}
        />
      </div>
    </div>
  );
}
