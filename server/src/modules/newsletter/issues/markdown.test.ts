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
    // A link that is not kept is its text alone, not an anchor without an address.
    expect(html).toBe("<p>x p</p>");
  });

  // Issue 43, item 13.
  it("keeps https, mailto and site links only: protocol-relative ones (and look-alikes) become text", () => {
    const html = markdownToHtml(
      '[a](//evil.example/a) [b](//evil.example) <a href="/\\evil.example/c">c</a> ' +
        '<a href="/&#9;/evil.example/d">d</a> <a href="\\\\evil.example/e">e</a> <a href=" //evil.example/f">f</a> ' +
        "[g](relative/path) [h](/playlist/1?x=1#y) [i](https://e.com/i) [j](mailto:j@e.com)",
    );
    expect(html).not.toContain("evil.example");
    expect(html).toBe(
      '<p>a b c d e f g <a href="/playlist/1?x=1#y">h</a> <a href="https://e.com/i">i</a> <a href="mailto:j@e.com">j</a></p>',
    );
    expect(markdownToText("[a](//evil.example/a) and [h](/playlist/1)", "https://club.example")).toBe(
      "a and h (https://club.example/playlist/1)",
    );
    expect(markdownToHtml("[h](/playlist/1)", "https://club.example")).toBe(
      '<p><a href="https://club.example/playlist/1">h</a></p>',
    );
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
