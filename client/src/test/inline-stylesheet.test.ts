import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "../../inline-stylesheet";

const CSS = ".dark{color-scheme:dark}body{margin:0}";
const LINK = '<link rel="stylesheet" crossorigin href="/assets/app-abc123.css">';
const bundleWith = (source: string) =>
  ({
    "assets/app-abc123.css": { type: "asset", fileName: "assets/app-abc123.css", source },
  }) as unknown as Rolldown.OutputBundle;

describe("inlineStylesheets", () => {
  it("puts the stylesheet in the page where its link was, and keeps the link disabled for the lazy chunks' loader", () => {
    const html = `<head><script>theme()</script>${LINK}</head><body></body>`;
    expect(inlineStylesheets(html, bundleWith(CSS))).toBe(
      `<head><script>theme()</script><style>${CSS}</style>${LINK.replace(">", " disabled>")}</head><body></body>`,
    );
  });

  it("refuses a page with no stylesheet link, a link to a file the build lacks, and CSS that would end the element", () => {
    expect(() => inlineStylesheets("<head></head>", bundleWith(CSS))).toThrow(/links no stylesheet/);
    expect(() => inlineStylesheets(LINK, {} as Rolldown.OutputBundle)).toThrow(/not in the build/);
    expect(() => inlineStylesheets(LINK, bundleWith('a::after{content:"</style>"}'))).toThrow(/<\/style/);
  });
});
