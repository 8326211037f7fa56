import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser asks for compressed; images already are (PNG), audio is never in the build. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** The template the server fills in for every page: never sent as a file (client-app.ts). */
const NOT_SERVED = new Set(["index.html"]);

export interface Precompressed {
  file: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (brotli at its best quality, 11) and `name.gz` (gzip level 9) beside every text
 * file of the browser build that the server sends as a file, where the encoded file is smaller. The
 * server sends them as they are (@fastify/static's `preCompressed`), so a hashed asset is
 * compressed once, here, instead of for every visitor, and at a quality no server could afford per
 * request (decision 0029). Small files too: a file sent as a stream is compressed by the server
 * whatever its size (its compression threshold reads only bodies it holds whole), and the half of
 * a page's chunks that are under 1 KB cost 2-3× the server time of a copy sent as it is.
 */
export async function precompressFolder(folder: string): Promise<Precompressed[]> {
  const done: Precompressed[] = [];
  for (const path of await filesUnder(folder)) {
    const name = relative(folder, path).split("\\").join("/");
    if (!COMPRESSIBLE.test(name) || NOT_SERVED.has(name)) continue;
    const body = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const entry: Precompressed = { file: name, bytes: body.length, br: null, gzip: null };
    if (br.length < body.length) {
      await writeFile(`${path}.br`, br);
      entry.br = br.length;
    }
    if (gz.length < body.length) {
      await writeFile(`${path}.gz`, gz);
      entry.gzip = gz.length;
    }
    done.push(entry);
  }
  return done;
}

/** The Vite plugin (browser build only): precompresses the whole output folder once it is written. */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "waveform:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      // `--outDir` may be absolute (a second build beside the real one); join would nest it.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressFolder(outDir);
      const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
      const br = files.reduce((sum, file) => sum + (file.br ?? file.bytes), 0);
      this.info?.(`precompressed ${files.length} files: ${bytes} bytes, ${br} as brotli`);
    },
  };
}
