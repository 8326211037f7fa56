import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompress, precompressFolder } from "../../precompress";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "precompress-"));
  mkdirSync(join(folder, "assets"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const script = `export const tracks = [${Array.from({ length: 200 }, (_, i) => `"track ${i}"`).join(", ")}];\n`;

describe("precompressFolder", () => {
  it("writes brotli and gzip copies beside each text file, which decode to the file", async () => {
    writeFileSync(join(folder, "assets", "app-abc.js"), script);
    writeFileSync(join(folder, "manifest.webmanifest"), JSON.stringify({ name: "x".repeat(2000) }));
    const done = await precompressFolder(folder);
    expect(done.map((file) => file.file).sort()).toEqual(["assets/app-abc.js", "manifest.webmanifest"]);
    const path = join(folder, "assets", "app-abc.js");
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
    const entry = done.find((file) => file.file === "assets/app-abc.js");
    expect(entry?.br).toBeLessThan(entry?.gzip ?? 0);
  });

  it("writes copies of a small file too, where they are smaller", async () => {
    // The size of most of a page's chunks: the server would compress it on every request otherwise.
    const small =
      'import{a as e}from"./shared.js";export const b=e("track","tracks"),c=e("episode","episodes");\n'.repeat(
        4,
      );
    writeFileSync(join(folder, "assets", "small.js"), small);
    const [entry] = await precompressFolder(folder);
    expect(entry?.bytes).toBeLessThan(1024);
    expect(brotliDecompressSync(readFileSync(join(folder, "assets", "small.js.br"))).toString()).toBe(small);
    expect(gunzipSync(readFileSync(join(folder, "assets", "small.js.gz"))).toString()).toBe(small);
  });

  it("leaves out the page template, images, and copies that would not be smaller", async () => {
    writeFileSync(join(folder, "index.html"), `<html>${"<p>x</p>".repeat(500)}</html>`);
    writeFileSync(join(folder, "assets", "tiny.js"), "a\n");
    writeFileSync(join(folder, "icon.png"), Buffer.alloc(4096, 7));
    // Random bytes do not compress: no copy is written for them.
    writeFileSync(join(folder, "assets", "noise.js"), randomBytes(4096));
    const done = await precompressFolder(folder);
    for (const name of ["index.html", "assets/tiny.js", "icon.png"]) {
      expect(existsSync(join(folder, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(folder, `${name}.gz`)), name).toBe(false);
    }
    expect(done.find((file) => file.file === "assets/noise.js")).toEqual({
      file: "assets/noise.js",
      bytes: 4096,
      br: null,
      gzip: null,
    });
    expect(existsSync(join(folder, "assets", "noise.js.br"))).toBe(false);
    expect(existsSync(join(folder, "assets", "noise.js.gz"))).toBe(false);
    expect(done.map((file) => file.file).sort()).toEqual(["assets/noise.js", "assets/tiny.js"]);
  });
});

describe("precompress (the Vite plugin)", () => {
  /** The plugin's hooks as Vite calls them once the build is configured, then written. */
  async function runPlugin(root: string, outDir: string): Promise<void> {
    const plugin = precompress();
    // Called as plain functions with only what this plugin reads (Vite's hook types allow objects too).
    const configResolved = plugin.configResolved as unknown as (config: unknown) => void;
    const closeBundle = plugin.closeBundle as unknown as (this: { info: () => void }) => Promise<void>;
    configResolved({ root, build: { outDir } });
    await closeBundle.call({ info: () => {} });
  }

  it("precompresses an output folder named relative to the root, or absolute", async () => {
    writeFileSync(join(folder, "assets", "app-abc.js"), script);
    await runPlugin(folder, "assets");
    expect(existsSync(join(folder, "assets", "app-abc.js.br"))).toBe(true);

    const elsewhere = mkdtempSync(join(tmpdir(), "precompress-out-"));
    try {
      writeFileSync(join(elsewhere, "app-def.js"), script);
      await runPlugin(join(folder, "client"), elsewhere);
      expect(existsSync(join(elsewhere, "app-def.js.br"))).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
