import { describe, expect, it } from "vitest";
import { markdownKit } from "./markdown";

const { toHtml: markdownToHtml, toText: markdownToText, summary: markdownSummary } = await markdownKit();

describe("issue Markdown", () => {
  it("renders Markdown and keeps https links", () => {
    expect(markdownToHtml("# Hi\n\nSome **bold** and [a link](https://example.com/a?b=1&c=2).")).toBe(
      '<h2>Hi</h2>\n<p>Some <strong>bold</strong> and <a href="https://example.com/a?b=1&amp;c=2">a link</a>.</p>',
    );
  });

  it("drops raw HTML, scripts, event handlers and unsafe link schemes", () => {
    const html = markdownToHtml(
      '<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) <a href="http://plain">p</a>',
    );
    expect(html).not.toMatch(/script|onerror|<img|javascript:|http:\/\//);
    expect(html).toContain("<a>x</a>");
  });

  it("writes plain text with link addresses and list dashes", () => {
    expect(markdownToText("Intro with [a link](https://e.com/x) & more.\n\n- one\n- two")).toBe(
      "Intro with a link (https://e.com/x) & more.\n\n- one\n- two",
    );
  });

  it("summarises to one line within the limit", () => {
    expect(markdownSummary("Hello [there](https://e.com).\n\nSecond *para*.")).toBe(
      "Hello there. Second para.",
    );
    expect(markdownSummary("a".repeat(300), 10)).toBe("aaaaaaaaa…");
    expect(markdownSummary("")).toBe("");
  });
});
