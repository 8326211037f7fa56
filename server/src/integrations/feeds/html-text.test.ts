import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text";

describe("htmlToText", () => {
  it("keeps the words and drops the markup", () => {
    expect(htmlToText('<p>Hello <a href="https://x.example">there</a> &amp; welcome</p>')).toBe(
      "Hello there & welcome",
    );
  });

  it("turns paragraphs and list items into lines", () => {
    expect(htmlToText("<p>Tracks:</p><ul><li>One</li><li>Two</li></ul><p>Bye</p>")).toBe(
      "Tracks:\n• One\n• Two\nBye",
    );
  });

  it("drops scripts, styles and event handlers entirely", () => {
    const text = htmlToText('<p onclick="evil()">Hi</p><script>alert(1)</script><style>p{}</style>');
    expect(text).toBe("Hi");
  });

  it("decodes entities that were escaped twice in the feed", () => {
    expect(htmlToText("&lt;p&gt;Show notes&lt;/p&gt;")).toBe("<p>Show notes</p>");
    expect(htmlToText(htmlToText("&lt;p&gt;Show notes&lt;/p&gt;"))).toBe("Show notes");
  });

  it("collapses whitespace, removes control characters and caps the length", () => {
    expect(htmlToText("  a \t\u0007 b\n\n\n\nc  ")).toBe("a b\nc");
    expect(htmlToText("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("answers an empty string for nothing", () => {
    expect(htmlToText(undefined)).toBe("");
    expect(htmlToText("")).toBe("");
  });
});
