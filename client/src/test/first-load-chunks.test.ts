import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { lazyPreloads, staticClosure } from "../../first-load-chunks";

const chunk = (
  fileName: string,
  imports: string[],
  isEntry = false,
  modules = { [`/src/${fileName}`]: {} },
) => ({ type: "chunk", fileName, imports, isEntry, modules }) as unknown as Rolldown.OutputChunk;

function bundleOf(...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((one) => [one.fileName, one]));
}

describe("lazyPreloads", () => {
  // index (entry) → app, runtime; route → shared, cards → icons → tiny
  const bundle = bundleOf(
    chunk("assets/index.js", ["assets/app.js", "assets/runtime.js"], true),
    chunk("assets/app.js", ["assets/runtime.js"]),
    chunk("assets/runtime.js", []),
    chunk("assets/route.js", ["assets/app.js", "assets/shared.js", "assets/cards.js"]),
    chunk("assets/shared.js", ["assets/app.js"]),
    chunk("assets/cards.js", ["assets/icons.js"]),
    chunk("assets/icons.js", ["assets/tiny.js"]),
    chunk("assets/tiny.js", []),
  );
  const everything = [
    "assets/route.js",
    "assets/app.js",
    "assets/runtime.js",
    "assets/shared.js",
    "assets/cards.js",
    "assets/icons.js",
    "assets/tiny.js",
  ];

  it("preloads only what lies beyond the chunk's direct imports and outside the first load", () => {
    expect(lazyPreloads(bundle, "assets/route.js", everything)).toEqual([
      "assets/icons.js",
      "assets/tiny.js",
    ]);
  });

  it("preloads a facade's imports with it (it has no code of its own: it only re-exports them)", () => {
    const withFacade = bundleOf(
      ...Object.values(bundle).filter((output) => output.type === "chunk"),
      chunk("assets/section-facade.js", ["assets/cards.js"], false, {}),
    );
    expect(
      lazyPreloads(withFacade, "assets/section-facade.js", [
        "assets/section-facade.js",
        "assets/cards.js",
        "assets/icons.js",
        "assets/app.js",
      ]),
    ).toEqual(["assets/cards.js", "assets/icons.js"]);
  });

  it("keeps Vite's list as it is for a file it does not know", () => {
    expect(lazyPreloads(bundle, "assets/other.js", ["assets/cards.js", "assets/app.js"])).toEqual([
      "assets/cards.js",
    ]);
  });
});

describe("staticClosure", () => {
  it("follows static imports but not through a package barrel", () => {
    const icons = Array.from({ length: 25 }, (_, index) => `/node_modules/icons/icon-${index}.js`);
    const graph = new Map<string, readonly string[]>([
      ["/src/main.tsx", ["/src/layout.tsx", "/node_modules/icons/index.js"]],
      ["/src/layout.tsx", ["/src/button.tsx"]],
      ["/node_modules/icons/index.js", icons],
    ]);
    expect([...staticClosure(graph, "/src/main.tsx")].sort()).toEqual([
      "/src/button.tsx",
      "/src/layout.tsx",
      "/src/main.tsx",
    ]);
  });
});
