import { describe, expect, it } from "vitest";
import { draftOf, draftReducer, fieldsOf, type IssueDraft, slugFromTitle } from "./issue-draft";

const start = (): IssueDraft =>
  draftOf({
    title: "November picks",
    slug: "november-picks",
    intro: "Hello",
    sections: [
      { type: "text", markdown: "First" },
      { type: "playlist", id: 3 },
    ],
  });

describe("the composer's draft", () => {
  it("adds text and catalogue blocks at the end, each catalogue item once", () => {
    let draft = draftReducer(start(), { type: "addBlock", block: { type: "release", id: 9 } });
    draft = draftReducer(draft, { type: "addText" });
    const again = draftReducer(draft, { type: "addBlock", block: { type: "playlist", id: 3 } });
    expect(again).toBe(draft);
    // The same id of another kind is another item.
    draft = draftReducer(draft, { type: "addBlock", block: { type: "episode", id: 3 } });
    expect(fieldsOf(draft).sections).toEqual([
      { type: "text", markdown: "First" },
      { type: "playlist", id: 3 },
      { type: "release", id: 9 },
      { type: "text", markdown: "" },
      { type: "episode", id: 3 },
    ]);
    expect(new Set(draft.sections.map((section) => section.key)).size).toBe(5);
  });

  it("moves a section up and down, and not past either end", () => {
    const draft = start();
    const [text, playlist] = draft.sections as [IssueDraft["sections"][0], IssueDraft["sections"][0]];
    const down = draftReducer(draft, { type: "move", key: text.key, by: 1 });
    expect(down.sections.map((section) => section.key)).toEqual([playlist.key, text.key]);
    expect(draftReducer(down, { type: "move", key: text.key, by: 1 })).toBe(down);
    expect(draftReducer(down, { type: "move", key: playlist.key, by: -1 })).toBe(down);
    const up = draftReducer(down, { type: "move", key: text.key, by: -1 });
    expect(up.sections.map((section) => section.key)).toEqual([text.key, playlist.key]);
  });

  it("edits one text block's Markdown and removes a block by its key, keeping the others' keys", () => {
    const draft = start();
    const [text, playlist] = draft.sections as [IssueDraft["sections"][0], IssueDraft["sections"][0]];
    const edited = draftReducer(draft, { type: "text", key: text.key, markdown: "**Bold** news" });
    expect(edited.sections[0]).toEqual({ type: "text", markdown: "**Bold** news", key: text.key });
    // A catalogue block has no text to edit.
    expect(draftReducer(edited, { type: "text", key: playlist.key, markdown: "x" }).sections[1]).toEqual(
      playlist,
    );
    const removed = draftReducer(edited, { type: "remove", key: text.key });
    expect(removed.sections).toEqual([playlist]);
    expect(draftReducer(removed, { type: "field", field: "title", value: "December" }).title).toBe(
      "December",
    );
  });

  it("makes a slug from a title", () => {
    expect(slugFromTitle("Jazz & Soul: Crème de la crème — No. 12!")).toBe(
      "jazz-soul-creme-de-la-creme-no-12",
    );
    expect(slugFromTitle("   ")).toBe("");
    expect(slugFromTitle(`${"a".repeat(79)} b`)).toBe("a".repeat(79));
  });
});
