import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import type { Dispatch } from "react";
import { Button } from "../../components/ui/button";
import { BLOCK_LABELS } from "./catalogue-picker";
import type { DraftAction, DraftSection } from "./issue-draft";
import { markdownArea } from "./welcome-form";

/** A catalogue block's name: its title when the picker or the suggestions gave it, else kind and id. */
const blockName = (section: Exclude<DraftSection, { type: "text" }>, labels: Map<string, string>) =>
  labels.get(`${section.type}:${section.id}`) ?? `${BLOCK_LABELS[section.type]} #${section.id}`;

/**
 * The sections in order: Markdown text blocks to type into and catalogue blocks, each with
 * 'Move up', 'Move down' and 'Remove' (buttons, so the keyboard does all of it).
 */
export function SectionList({
  sections,
  labels,
  dispatch,
  disabled,
}: {
  sections: DraftSection[];
  labels: Map<string, string>;
  dispatch: Dispatch<DraftAction>;
  disabled: boolean;
}) {
  if (sections.length === 0) {
    return <p className="text-muted-foreground text-sm">No sections yet: add text or a catalogue block.</p>;
  }
  return (
    <ol className="space-y-3">
      {sections.map((section, index) => {
        const name = section.type === "text" ? `Text block ${index + 1}` : `${blockName(section, labels)}`;
        return (
          <li key={section.key} className="rounded-lg border bg-card p-3">
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 flex-1 font-medium text-sm">
                {section.type === "text" ? (
                  <label htmlFor={`issue-${section.key}`}>{name} (Markdown)</label>
                ) : (
                  <>
                    <span className="text-muted-foreground">{BLOCK_LABELS[section.type]}:</span> {name}
                  </>
                )}
              </p>
              <div className="flex gap-1">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${name} up`}
                  disabled={disabled || index === 0}
                  onClick={() => dispatch({ type: "move", key: section.key, by: -1 })}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${name} down`}
                  disabled={disabled || index === sections.length - 1}
                  onClick={() => dispatch({ type: "move", key: section.key, by: 1 })}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                  onClick={() => dispatch({ type: "remove", key: section.key })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
            {section.type === "text" && (
              <textarea
                id={`issue-${section.key}`}
                className={`${markdownArea} mt-2`}
                value={section.markdown}
                disabled={disabled}
                onChange={(event) =>
                  dispatch({ type: "text", key: section.key, markdown: event.target.value })
                }
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
