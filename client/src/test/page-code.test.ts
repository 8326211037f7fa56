import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { pageCodeOf } from "../../page-code";

const chunk = (
  fileName: string,
  imports: string[],
  options: { isEntry?: boolean; facadeModuleId?: string } = {},
) =>
  ({
    type: "chunk",
    fileName,
    imports,
    isEntry: options.isEntry ?? false,
    isDynamicEntry: options.facadeModuleId !== undefined,
    facadeModuleId: options.facadeModuleId ?? null,
  }) as unknown as Rolldown.OutputChunk;

const bundleOf = (...outputs: Rolldown.OutputChunk[]): Rolldown.OutputBundle =>
  Object.fromEntries(outputs.map((output) => [output.fileName, output]));

describe("pageCodeOf", () => {
  // index (entry) → app → runtime; genres → shared, tabs → icons; a lazy section that is no screen
  const bundle = bundleOf(
    chunk("assets/index.js", ["assets/app.js"], { isEntry: true }),
    chunk("assets/app.js", ["assets/runtime.js"]),
    chunk("assets/runtime.js", []),
    chunk("assets/genres.js", ["assets/app.js", "assets/shared.js", "assets/tabs.js"], {
      facadeModuleId: "/repo/client/src/app/routes/genres.tsx",
    }),
    chunk("assets/genre-detail.js", ["assets/tabs.js"], {
      facadeModuleId: "/repo/client/src/app/routes/genre-detail.tsx",
    }),
    chunk("assets/shared.js", ["assets/runtime.js"]),
    chunk("assets/tabs.js", ["assets/icons.js"]),
    chunk("assets/icons.js", []),
    chunk("assets/track-list.js", ["assets/icons.js"], {
      facadeModuleId: "/repo/client/src/features/playlists/track-list.tsx",
    }),
  );

  it("names the entry's imports, however deep, and not the entry itself", () => {
    expect(pageCodeOf(bundle).entry).toEqual(["/assets/app.js", "/assets/runtime.js"]);
  });

  it("names each screen's chunk and everything it imports beyond the entry's, by the screen's file name", () => {
    expect(pageCodeOf(bundle).screens).toEqual({
      genres: ["/assets/genres.js", "/assets/shared.js", "/assets/tabs.js", "/assets/icons.js"],
      "genre-detail": ["/assets/genre-detail.js", "/assets/tabs.js", "/assets/icons.js"],
    });
  });

  it("refuses a bundle without exactly one entry", () => {
    expect(() => pageCodeOf(bundleOf(chunk("assets/app.js", [])))).toThrow(/one entry chunk, found 0/);
  });
});
