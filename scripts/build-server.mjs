// Bundles the server (and the contracts it imports from source) into server/dist/server.js.
// Packages from node_modules stay external (installed beside it), except BUNDLED. Code the server reaches
// through `await import()` (feed parsing, page rendering helpers…) goes into chunks loaded on first
// use, with the packages it imports, so a start does not load what only some requests need.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "server");
const { dependencies = {}, devDependencies = {} } = JSON.parse(
  readFileSync(join(serverRoot, "package.json"), "utf8"),
);
/**
 * Packages bundled in rather than loaded from node_modules: plain JavaScript spread over hundreds of
 * small ES modules (drizzle-orm, zod) that a start would otherwise resolve, read and compile one by
 * one (~0.15 s of a start). fastify-type-provider-zod comes along so that there is one zod. They keep
 * no files of their own beside their code, so bundling them changes nothing else.
 */
const BUNDLED = new Set(["drizzle-orm", "zod", "fastify-type-provider-zod"]);
const external = Object.keys({ ...dependencies, ...devDependencies })
  .filter((name) => !name.startsWith("@waveform/") && !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [
    join(serverRoot, "src", "server.ts"),
    join(serverRoot, "src", "cli", "db.ts"),
    // The server's PGlite thread (db/pglite-worker), started as its own file.
    join(serverRoot, "src", "db", "pglite-worker", "pglite-thread.ts"),
    // A new PGlite folder's preparation, run by a starting server in a process of its own.
    join(serverRoot, "src", "db", "prepare-new-folder.ts"),
  ],
  outdir: join(serverRoot, "dist"),
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  external,
  // Bundled CommonJS (@fastify/error, via the zod type provider) calls require() for Node's modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
});
