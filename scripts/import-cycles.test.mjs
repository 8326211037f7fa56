import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The import-cycle check of `npm run lint` (Biome's noImportCycles, as biome.json sets it) keeps its
 * ability to fail: it runs over a folder of planted cycles, made here in a temporary folder so the
 * real lint never sees them, and must name each planted file and no other.
 */
const repo = join(import.meta.dirname, "..");
const biome = join(repo, "node_modules", ".bin", "biome");

const planted = {
  // A value cycle: the plainest tangle.
  "value-a.ts": 'import { b } from "./value-b";\n\nexport const a = () => b;\n',
  "value-b.ts": 'import { a } from "./value-a";\n\nexport const b = () => a;\n',
  // A cycle of types only: gone at run time, still a tangle for a reader (counted: ignoreTypes false).
  "types-c.ts": 'import type { D } from "./types-d";\n\nexport type C = { d?: D };\n',
  "types-d.ts": 'import type { C } from "./types-c";\n\nexport type D = { c?: C };\n',
  // A lazy import closes a cycle too (the console router's was one).
  "lazy-router.tsx": 'export const page = () => import("./lazy-page");\n',
  "lazy-page.tsx": 'import { page } from "./lazy-router";\n\nexport const again = page;\n',
  // No cycle: one way only.
  "one-way-e.ts": 'import { f } from "./one-way-f";\n\nexport const e = f;\n',
  "one-way-f.ts": "export const f = 1;\n",
};

describe("the import-cycle check", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "waveform-import-cycles-"));
    const repoConfig = JSON.parse(await readFile(join(repo, "biome.json"), "utf8"));
    const rule = repoConfig.linter.rules.suspicious.noImportCycles;
    await writeFile(
      join(folder, "biome.json"),
      JSON.stringify({ root: true, linter: { rules: { suspicious: { noImportCycles: rule } } } }),
    );
    for (const [file, text] of Object.entries(planted)) await writeFile(join(folder, file), text);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("fails on the planted cycles and names every file in them, and only those", async () => {
    const run = promisify(execFile)(biome, ["lint", "--only=suspicious/noImportCycles", "."], {
      cwd: folder,
    });
    const failure = await run.then(
      () => null,
      (error) => error,
    );
    expect(failure?.code).toBe(1);
    const named = [
      ...`${failure.stdout}${failure.stderr}`.matchAll(/^(\S+):\d+:\d+ lint\/suspicious\/noImportCycles/gm),
    ]
      .map((match) => match[1])
      .sort();
    expect(named).toEqual([
      "lazy-page.tsx",
      "lazy-router.tsx",
      "types-c.ts",
      "types-d.ts",
      "value-a.ts",
      "value-b.ts",
    ]);
  });
});
