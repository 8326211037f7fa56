import { describe, expect, it } from "vitest";
import { splitHead } from "./head-split";

describe("splitHead", () => {
  it("takes the leading title, meta and link elements for <head>", () => {
    const html =
      '<title>A · B</title><meta name="description" content="x &amp; y"/><link rel="canonical" href="https://e.x/a"/><div><title>not head</title></div>';
    expect(splitHead(html)).toEqual({
      head: '<title>A · B</title><meta name="description" content="x &amp; y"/><link rel="canonical" href="https://e.x/a"/>',
      body: "<div><title>not head</title></div>",
    });
  });

  it("leaves markup without hoistables alone", () => {
    expect(splitHead("<main>hi</main>")).toEqual({ head: "", body: "<main>hi</main>" });
  });
});
