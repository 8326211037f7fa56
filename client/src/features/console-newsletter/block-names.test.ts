import { describe, expect, it } from "vitest";
import { blockNamesFrom } from "./block-names";

const card = (type: string, title: string) =>
  `<section class="newsletter-card" data-block="${type}"><div><p class="newsletter-card-kind">x</p><h2><a href="/x">${title}</a></h2></div></section>`;

describe("catalogue block names from the rendered page", () => {
  it("names each block by its card, in order within its type", () => {
    const html = `<p>Intro</p>${card("playlist", "Warehouse Classics")}<h2>Also</h2>${card("release", "Tidal &amp; Memory")}${card("playlist", "Golden Era")}`;
    const names = blockNamesFrom(html, [
      { type: "playlist", id: 2 },
      { type: "text", markdown: "## Also" },
      { type: "release", id: 1 },
      { type: "playlist", id: 9 },
    ]);
    expect([...names]).toEqual([
      ["playlist:2", "Warehouse Classics"],
      ["playlist:9", "Golden Era"],
      ["release:1", "Tidal & Memory"],
    ]);
  });

  it("names no block of a type whose cards do not match its blocks one for one", () => {
    const names = blockNamesFrom(card("playlist", "Only one"), [
      { type: "playlist", id: 2 },
      { type: "playlist", id: 3 },
      { type: "episode", id: 4 },
    ]);
    expect(names.size).toBe(0);
  });
});
