// Bundles the server (and the contracts it imports from source) into server/dist/server.js.
// Packages from node_modules stay external: they are installed beside it. Code the server reaches
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
const external = Object.keys({ ...dependencies, ...devDependencies })
  .filter((name) => !name.startsWith("@waveform/"))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [join(serverRoot, "src", "server.ts"), join(serverRoot, "src", "cli", "db.ts")],
  outdir: join(serverRoot, "dist"),
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  logLevel: "warning",
});
