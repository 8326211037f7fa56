import type { Plugin, Rolldown } from "vite";

type Graph = ReadonlyMap<string, readonly string[]>;

/**
 * A package module importing more than this is the package's barrel (lucide-react's icons,
 * radix-ui's primitives): only what the app names from it is used, so its imports are not followed.
 */
const BARREL_IMPORTS = 20;
const isBarrel = (id: string, imports: readonly string[]) =>
  id.includes("/node_modules/") && imports.length > BARREL_IMPORTS;

/**
 * Every module `root` imports statically, directly or through others (itself included), except
 * through barrels: a barrel brings in every icon or primitive any page uses, most of them lazily.
 */
export function staticClosure(graph: Graph, root: string): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    const imports = graph.get(id) ?? [];
    if (isBarrel(id, imports)) continue;
    seen.add(id);
    queue.push(...imports);
  }
  return seen;
}

/**
 * Fewer, larger chunks for what a phone loads first (decision 0019). Left to itself the bundler
 * gives every set of modules shared by a different set of lazy routes its own chunk: `/` loaded 50
 * files, most under 1 KB, and each file compresses alone and carries its own import/export glue
 * (the same code in one file: 142.5 KB gzip instead of 152.8). Two groups instead:
 * - `app`: everything the entry imports statically (React, the router, the query client, the
 *   layout): every page needs it before it can hydrate;
 * - `shared`: what the home route (`/`) imports statically that other routes import too (cards,
 *   buttons, the page head): one file, loaded by every route that uses any of it.
 * Code only the home page uses stays in its route chunk; lazy code (dialogs, forms, the player,
 * sections below the first screen) keeps its own chunks, because neither group reaches it through
 * a dynamic import.
 */
export function firstLoadChunks(paths: { entry: string; home: string }) {
  let entryClosure = new Set<string>();
  let homeClosure = new Set<string>();
  let bundle: Rolldown.OutputBundle = {};
  const plugin: Plugin = {
    // Before Vite's import analysis (a post plugin) writes each dynamic import's preload list.
    generateBundle(_options, output) {
      bundle = output;
    },
    name: "waveform:first-load-chunks",
    apply: "build",
    buildEnd() {
      const graph = new Map<string, readonly string[]>();
      let entry: string | undefined;
      let home: string | undefined;
      for (const id of this.getModuleIds()) {
        graph.set(id, this.getModuleInfo(id)?.importedIds ?? []);
        if (id.endsWith(paths.entry)) entry = id;
        if (id.endsWith(paths.home)) home = id;
      }
      if (!entry || !home) throw new Error(`first-load-chunks: ${paths.entry} or ${paths.home} not built`);
      entryClosure = staticClosure(graph, entry);
      homeClosure = staticClosure(graph, home);
    },
  };
  const groups = [
    // Not the entry module itself: its top-level await waits for the page's route module, which
    // imports this chunk, so a chunk holding both would wait for itself and never hydrate.
    { name: "app", priority: 2, test: (id: string) => entryClosure.has(id) && !id.endsWith(paths.entry) },
    {
      name: "shared",
      priority: 1,
      minShareCount: 2,
      test: (id: string) => homeClosure.has(id) && !entryClosure.has(id),
    },
  ];
  const resolveDependencies = (filename: string, dependencies: string[]) =>
    lazyPreloads(bundle, filename, dependencies);
  return { plugin, groups, resolveDependencies };
}

/**
 * The files that get a `<link rel="modulepreload">` when `filename` is imported lazily (Vite's
 * `resolveDependencies`). Vite's list is every file the chunk needs, however deep; its helper
 * appends one link per file to `<head>`, and on a phone each costs about half a millisecond of
 * script (at Lighthouse's 4× slowdown `/podcasts`' route listed 35 files: 150 ms in one task while
 * the page starts up). Left out: the chunk itself (the import fetches it at once), the files it
 * imports directly (the browser fetches them as soon as it has the chunk) and the first load's
 * files (already there). What lies deeper is preloaded, so a route's code arrives in two round
 * trips instead of one per level of imports.
 */
export function lazyPreloads(
  bundle: Rolldown.OutputBundle,
  filename: string,
  dependencies: readonly string[],
): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
  const firstLoad = new Set(
    chunks.filter((chunk) => chunk.isEntry).flatMap((entry) => [entry.fileName, ...entry.imports]),
  );
  const target = bundle[filename];
  // A facade (a chunk with no module of its own, which only re-exports a chunk that other code
  // imports statically, e.g. a section loaded lazily on one page and eagerly on another) is
  // fetched only to import that chunk: its imports come with it, not a round trip later.
  const facade = target?.type === "chunk" && Object.keys(target.modules).length === 0;
  const direct = new Set(target?.type === "chunk" && !facade ? target.imports : []);
  return dependencies.filter((file) => file !== filename && !direct.has(file) && !firstLoad.has(file));
}
