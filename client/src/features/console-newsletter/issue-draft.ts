import type {
  CatalogueBlockType,
  ConsoleIssue,
  IssueFieldsInput,
  IssueSection,
} from "@waveform/contracts/newsletter-issues";

/**
 * An issue as the composer edits it: the contract's fields, each section with a key of its own so
 * React keeps a text box's focus and caret when the list above it changes. Pure: the composer, its
 * keyboard moves and the autosave share it, and it is unit-tested without a browser.
 */
export type DraftSection = IssueSection & { key: string };

export interface IssueDraft {
  title: string;
  slug: string;
  intro: string;
  sections: DraftSection[];
  /** The next section's key number: keys are counted per draft, so the server's render and the browser's agree. */
  nextKey: number;
}

export type DraftAction =
  | { type: "field"; field: "title" | "slug" | "intro"; value: string }
  | { type: "addText" }
  | { type: "addBlock"; block: { type: CatalogueBlockType; id: number } }
  | { type: "text"; key: string; markdown: string }
  | { type: "move"; key: string; by: -1 | 1 }
  | { type: "remove"; key: string }
  /** The issue as the server holds it now (after 'Load their version' on a conflict). */
  | { type: "replace"; draft: IssueDraft };

const keyed = (section: IssueSection, number: number): DraftSection => ({
  ...section,
  key: `section-${number}`,
});

export function draftOf(issue: Pick<ConsoleIssue, "title" | "slug" | "intro" | "sections">): IssueDraft {
  return {
    title: issue.title,
    slug: issue.slug,
    intro: issue.intro,
    sections: issue.sections.map((section, index) => keyed(section, index + 1)),
    nextKey: issue.sections.length + 1,
  };
}

/** `section` added at the end of the draft, with the draft's next key. */
const appended = (draft: IssueDraft, section: IssueSection): IssueDraft => ({
  ...draft,
  sections: [...draft.sections, keyed(section, draft.nextKey)],
  nextKey: draft.nextKey + 1,
});

/** What the API stores: the same fields without the keys. */
export function fieldsOf(draft: IssueDraft): IssueFieldsInput {
  return {
    title: draft.title,
    slug: draft.slug,
    intro: draft.intro,
    sections: draft.sections.map(({ key: _key, ...section }) => section),
  };
}

/** Whether the draft already holds this catalogue item (it is then not added twice). */
export const holdsBlock = (draft: IssueDraft, type: CatalogueBlockType, id: number): boolean =>
  draft.sections.some((section) => section.type === type && section.id === id);

export function draftReducer(draft: IssueDraft, action: DraftAction): IssueDraft {
  switch (action.type) {
    case "field":
      return { ...draft, [action.field]: action.value };
    case "addText":
      return appended(draft, { type: "text", markdown: "" });
    case "addBlock":
      if (holdsBlock(draft, action.block.type, action.block.id)) return draft;
      return appended(draft, action.block);
    case "text":
      return {
        ...draft,
        sections: draft.sections.map((section) =>
          section.key === action.key && section.type === "text"
            ? { ...section, markdown: action.markdown }
            : section,
        ),
      };
    case "move": {
      const from = draft.sections.findIndex((section) => section.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= draft.sections.length) return draft;
      const sections = [...draft.sections];
      const [moved] = sections.splice(from, 1) as [DraftSection];
      sections.splice(to, 0, moved);
      return { ...draft, sections };
    }
    case "remove":
      return { ...draft, sections: draft.sections.filter((section) => section.key !== action.key) };
    case "replace":
      return action.draft;
  }
}

/** A slug from a title: lower-case ASCII letters and digits joined by single hyphens. */
export function slugFromTitle(title: string, max = 80): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
