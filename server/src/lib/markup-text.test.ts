import { describe, expect, it } from "vitest";
import { cdata, escapeMarkup, xmlText } from "./markup-text";

describe("markup text", () => {
  it("escapes the five characters that could end a text or an attribute", () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });

  it("drops what XML 1.0 cannot hold, and keeps tabs and new lines", () => {
    expect(xmlText("a\u0000b\u0008c\td\ne\uffff&")).toBe("abc\td\ne&amp;");
  });

  it("splits a ]]> across two CDATA sections", () => {
    expect(cdata("<p>]]></p>\u0001")).toBe("<![CDATA[<p>]]]]><![CDATA[></p>]]>");
  });
});
