import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Exports of product code (`server/src`, `client/src`, `contracts/src`, tests left out) that no
 * other file imports: each should lose its `export`, or go if its own file does not use it either.
 * Read from the import statements of every source file of the repository (tests, e2e and scripts
 * import too): named imports and re-exports count their names; a namespace import, a lazy
 * `import("…")` or a relative path written as a string (a worker's URL) counts the whole file.
 * `export *` passes on what its re-exporter's importers take.
 */

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const PRODUCT = /^(server|client|contracts)\/src\//;
const TEST = /\.test\.(ts|tsx|mjs)$|\/test\/|\.testing\.ts$/;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** Files loaded by name from outside any import: the server reads the SSR bundle's `pageRenderer`. */
const LOADED_BY_NAME = { "client/src/entry-server.tsx": ["pageRenderer"] };

function sourceFiles(root, dir = root, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(root, path, out);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(relative(root, path));
  }
  return out;
}

/** The repository file an import names, or null for a package. */
function resolveImport(root, from, spec) {
  let base;
  if (spec.startsWith("@waveform/contracts/")) base = join(root, "contracts/src", spec.slice(20));
  else if (spec.startsWith(".")) base = resolve(root, dirname(from), spec);
  else return null;
  base = base.replace(/\.(js|ts|tsx|mjs)$/, "");
  const found = EXTENSIONS.find((ext) => existsSync(base + ext));
  return found ? relative(root, base + found) : null;
}

/** `{ a, type b, c as d }` → [[a, a], [b, b], [c, d]] (imported name, local or exported name). */
const namesOf = (list) =>
  list
    .slice(1, -1)
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return [name.trim(), (alias ?? name).trim()];
    });

export function unusedExports(root) {
  const files = sourceFiles(root);
  const used = new Map();
  const use = (file, name) => {
    if (!file) return;
    if (!used.has(file)) used.set(file, new Set());
    used.get(file).add(name);
  };
  const stars = [];
  const declared = new Map();
  for (const file of files) {
    const code = readFileSync(join(root, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
    const target = (spec) => resolveImport(root, file, spec);
    const names = [];
    for (const [, first, rest, spec] of code.matchAll(
      /\bimport\s+(?:type\s+)?([\w$]+\s*,?\s*)?(\*\s+as\s+[\w$]+|\{[^}]*\})?\s*from\s*["']([^"']+)["']/g,
    )) {
      if (first?.replace(",", "").trim()) use(target(spec), "default");
      if (rest?.startsWith("*")) use(target(spec), "*");
      else if (rest) for (const [name] of namesOf(rest)) use(target(spec), name);
    }
    for (const [, list, spec] of code.matchAll(
      /\bexport\s+(?:type\s+)?(\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
    )) {
      if (list === "*") stars.push([file, target(spec)]);
      else if (list.startsWith("*")) use(target(spec), "*");
      else
        for (const [name, alias] of namesOf(list)) {
          use(target(spec), name);
          names.push(alias);
        }
    }
    for (const [, spec] of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) use(target(spec), "*");
    for (const match of code.matchAll(/["'](\.\.?\/[^"']+)["']/g)) {
      const before = code.slice(Math.max(0, match.index - 12), match.index);
      if (!/(from\s*|import\(\s*)$/.test(before)) use(target(match[1]), "*");
    }
    for (const [, name] of code.matchAll(
      /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm,
    ))
      names.push(name);
    for (const [, list] of code.matchAll(/^export\s+(?:type\s+)?(\{[^}]*\})\s*;?\s*$/gm))
      for (const [, alias] of namesOf(list)) names.push(alias);
    declared.set(file, names);
  }
  for (let passed = true; passed; ) {
    passed = false;
    for (const [from, to] of stars)
      for (const name of used.get(from) ?? []) {
        if (!to || used.get(to)?.has(name)) continue;
        use(to, name);
        passed = true;
      }
  }
  const unused = [];
  for (const file of files) {
    if (!PRODUCT.test(file) || TEST.test(file)) continue;
    const taken = used.get(file) ?? new Set();
    if (taken.has("*")) continue;
    for (const name of declared.get(file) ?? [])
      if (!taken.has(name) && !LOADED_BY_NAME[file]?.includes(name)) unused.push(`${file}: ${name}`);
  }
  return unused;
}

if (import.meta.main) {
  const unused = unusedExports(join(import.meta.dirname, ".."));
  for (const line of unused) console.log(line);
  process.exitCode = unused.length > 0 ? 1 : 0;
}
