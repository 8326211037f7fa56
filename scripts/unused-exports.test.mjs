import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unusedExports } from "./unused-exports.mjs";

/** A repository in miniature: one unused export of each kind, and each way of being used. */
const planted = {
  "server/src/lib/text.ts":
    "export const used = 1;\nexport const onlyHere = 2;\nexport function alsoUnused() { return onlyHere; }\nexport type Shape = { a: number };\n",
  "server/src/modules/feed/index.ts":
    'export { used } from "../../lib/text";\nexport * from "./feed-core";\n',
  "server/src/modules/feed/feed-core.ts": "export const viaStar = 1;\nexport const notTaken = 2;\n",
  "server/src/app.ts":
    'import { used, viaStar } from "./modules/feed/index";\nexport default [used, viaStar];\n',
  "server/src/worker.ts": "export const inWorker = 1;\n",
  "server/src/start.ts": 'new URL("./worker.ts", import.meta.url);\nconst lazy = () => import("./lazy");\n',
  "server/src/lazy.ts": "export const anything = 1;\n",
  "contracts/src/shapes.ts": "export const Schema = 1;\nexport const forgotten = 2;\n",
  "client/src/page.tsx":
    'import type { Schema } from "@waveform/contracts/shapes";\nexport const Page = (s: Schema) => s;\n',
  "client/src/page.test.tsx": 'import { Page } from "./page";\nexport const inTest = Page;\n',
};

describe("the unused-exports check", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "waveform-unused-exports-"));
    for (const [file, text] of Object.entries(planted)) {
      await mkdir(join(folder, dirname(file)), { recursive: true });
      await writeFile(join(folder, file), text);
    }
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("names every planted export nothing imports, and nothing else", () => {
    expect(unusedExports(folder).sort()).toEqual([
      "contracts/src/shapes.ts: forgotten",
      "server/src/lib/text.ts: Shape",
      "server/src/lib/text.ts: alsoUnused",
      "server/src/lib/text.ts: onlyHere",
      "server/src/modules/feed/feed-core.ts: notTaken",
    ]);
  });

  it("finds none in the product code: an export is there because another file imports it", () => {
    expect(unusedExports(join(import.meta.dirname, ".."))).toEqual([]);
  });
});
