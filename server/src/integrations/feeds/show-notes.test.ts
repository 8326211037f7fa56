import { describe, expect, it } from "vitest";
import { htmlToShowNotes } from "./show-notes";

describe("htmlToShowNotes", () => {
  it("keeps paragraphs, text and https links in order", () => {
    expect(
      htmlToShowNotes(
        '<p>Lena talks about <a href="https://example.org/world-of-echo">World of Echo</a> and tuning.</p><ul><li>Arthur Russell</li><li>Björk &amp; friends</li></ul>',
      ),
    ).toEqual([
      [
        { text: "Lena talks about " },
        { text: "World of Echo", url: "https://example.org/world-of-echo" },
        { text: " and tuning." },
      ],
      [{ text: "• Arthur Russell" }],
      [{ text: "• Björk & friends" }],
    ]);
  });

  it("keeps only https links: other schemes become plain text", () => {
    expect(
      htmlToShowNotes(
        '<p><a href="javascript:alert(1)">click</a> <a href="http://plain.example.org/">plain</a> <a href="mailto:x@y.z">mail</a></p>',
      ),
    ).toEqual([[{ text: "click plain mail" }]]);
  });

  it("drops scripts, styles and markup, and collapses spaces", () => {
    expect(
      htmlToShowNotes("<script>alert(1)</script><style>p{}</style><b>Bold</b>   <i>text</i>\n\n"),
    ).toEqual([[{ text: "Bold text" }]]);
  });

  it("reads plain text as one paragraph, and nothing as none", () => {
    expect(htmlToShowNotes("Just words, no markup.")).toEqual([[{ text: "Just words, no markup." }]]);
    expect(htmlToShowNotes("")).toEqual([]);
    expect(htmlToShowNotes(null)).toEqual([]);
  });
});
