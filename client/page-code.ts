import { PAGE_CODE_FILE, type PageCode } from "@waveform/contracts/page-render";
import type { Plugin, Rolldown } from "vite";

/** A screen's module (client/src/app/routes/<name>.tsx), its name caught. */
const SCREEN_MODULE = /\/src\/app\/routes\/([^/]+)\.tsx$/;

/**
 * Every file `fileName` imports statically, directly or through others (itself not included),
 * nearest first: the page appends them in this order, and over HTTP/1.1 (six connections) the first
 * are asked for first. (first-load-chunks' `staticClosure` walks modules depth first.)
 */
function importedFiles(chunks: ReadonlyMap<string, Rolldown.OutputChunk>, fileName: string): string[] {
  const seen = new Set<string>();
  const queue = [...(chunks.get(fileName)?.imports ?? [])];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return [...seen];
}

/**
 * The code each server-rendered page runs (`PageCode`), from the built bundle: the files the entry
 * imports (the entry itself is the page's script), and for each screen its own chunk and every file
 * that chunk imports, however deep, except the entry's. Addresses, as the page asks for them.
 */
export function pageCodeOf(bundle: Rolldown.OutputBundle): PageCode {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output) => output.type === "chunk")
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`page-code: expected one entry chunk, found ${entries.length}`);
  const entryFile = entries[0]?.fileName ?? "";
  const entry = importedFiles(chunks, entryFile);
  const firstLoad = new Set([entryFile, ...entry]);
  const screens: PageCode["screens"] = {};
  for (const chunk of chunks.values()) {
    const name = chunk.isDynamicEntry ? SCREEN_MODULE.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
    if (!name) continue;
    screens[name] = [chunk.fileName, ...importedFiles(chunks, chunk.fileName)]
      .filter((file) => !firstLoad.has(file))
      .map((file) => `/${file}`);
  }
  return { entry: entry.map((file) => `/${file}`), screens };
}

/**
 * The Vite plugin (browser build only): writes `PAGE_CODE_FILE` into dist/, for the server, which
 * lists a page's code in the page it sends (decision 0019).
 */
export const pageCode: Plugin = {
  name: "waveform:page-code",
  apply: "build",
  generateBundle(_options, bundle) {
    this.emitFile({ type: "asset", fileName: PAGE_CODE_FILE, source: JSON.stringify(pageCodeOf(bundle)) });
  },
};
