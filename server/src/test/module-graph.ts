import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * How one server module depends on another: by importing it, or by using a Fastify decorator the
 * other declares (`app.insights`), which no import shows.
 */
export interface ModuleTie {
  from: string;
  to: string;
  /** `import`, or the decorator as it is used: `app.insights`, `request.operator`, `reply.…`. */
  via: string;
}

/** Where a decorator is used from: the type its module augments. */
const DECORATED = { FastifyInstance: "app", FastifyRequest: "request", FastifyReply: "reply" } as const;

interface ModuleFile {
  module: string;
  path: string;
  /** The source without its comments (a comment naming `app.insights` is no use of it). */
  code: string;
}

/** Run-time files only: tests and their support files (`*.testing.ts`) are not the module's ties. */
const isRunTimeSource = (name: string) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.testing\.ts$/.test(name);

/**
 * Line and block comments that start a line, and line comments after code (`code // why`). Strings
 * are not parsed: a `//` inside one (`"https://…"`) follows no space, and what a stray cut loses is
 * at worst a word of a string, never an import or a decorator's use.
 */
const withoutComments = (source: string) =>
  source.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, "").replace(/(^|[ \t])\/\/.*$/gm, "$1");

function moduleFiles(modulesDir: string): ModuleFile[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(modulesDir, entry.name), { recursive: true, encoding: "utf8" })
        .filter(isRunTimeSource)
        .map((name) => {
          const path = join(modulesDir, entry.name, name);
          return { module: entry.name, path, code: withoutComments(readFileSync(path, "utf8")) };
        }),
    );
}

/** `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`: each specifier. */
const SPECIFIERS =
  /^(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\}|[\w$]+)\s+from\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function importedModules(file: ModuleFile, modulesDir: string): string[] {
  return [...file.code.matchAll(SPECIFIERS)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? "")
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => relative(modulesDir, resolve(dirname(file.path), specifier)).split(sep))
    .filter((parts) => parts.length > 1 && parts[0] !== "..")
    .map((parts) => parts[0] ?? "");
}

/** The body of the `{ … }` that opens at `open`, braces inside it matched. */
function block(code: string, open: number): string {
  let depth = 0;
  for (let at = open; at < code.length; at++) {
    if (code[at] === "{") depth++;
    else if (code[at] === "}" && --depth === 0) return code.slice(open + 1, at);
  }
  return code.slice(open + 1);
}

/** The names a body declares at its own level (`insights: Insights;`, `readonly x?: …`, `f(): …`). */
function memberNames(body: string): string[] {
  const names: string[] = [];
  let depth = 0;
  for (const line of body.split("\n")) {
    const member = depth === 0 ? /^\s*(?:readonly\s+)?([\w$]+)\??\s*[:(<]/.exec(line) : null;
    if (member?.[1]) names.push(member[1]);
    for (const char of line)
      depth += char === "{" || char === "(" ? 1 : char === "}" || char === ")" ? -1 : 0;
  }
  return names;
}

/** The decorators a file declares for Fastify (`declare module "fastify" { interface … }`), as used. */
function declaredDecorators(code: string): string[] {
  const augmentation = /declare\s+module\s+["']fastify["']\s*\{/.exec(code);
  if (!augmentation) return [];
  const body = block(code, augmentation.index + augmentation[0].length - 1);
  return Object.entries(DECORATED).flatMap(([type, receiver]) => {
    const declaration = new RegExp(`interface\\s+${type}\\b[^{]*\\{`).exec(body);
    if (!declaration) return [];
    const members = block(body, declaration.index + declaration[0].length - 1);
    return memberNames(members).map((name) => `${receiver}.${name}`);
  });
}

/** A property access (`app.insights`, `request.server.insights`, `?.insights`) or `{ insights } = …`. */
const usesDecorator = (code: string, name: string) =>
  new RegExp(`\\.\\s*${name}\\b|\\{[^{}=]*\\b${name}\\b[^{}=]*\\}\\s*=[^=>]`).test(code);

/**
 * The modules under `modulesDir` (one folder each) and every tie between them, from their run-time
 * files: imports of another module's files, and uses of a Fastify decorator another module
 * declares. Sorted, each tie once.
 */
export function readModuleGraph(modulesDir: string): { modules: string[]; ties: ModuleTie[] } {
  const files = moduleFiles(modulesDir);
  const decorators = files.flatMap((file) =>
    declaredDecorators(file.code).map((decorator) => ({ owner: file.module, decorator })),
  );
  const ties = new Map<string, ModuleTie>();
  const add = (tie: ModuleTie) => {
    if (tie.from !== tie.to) ties.set(`${tie.from} ${tie.to} ${tie.via}`, tie);
  };
  for (const file of files) {
    for (const to of importedModules(file, modulesDir)) add({ from: file.module, to, via: "import" });
    for (const { owner, decorator } of decorators) {
      const name = decorator.slice(decorator.indexOf(".") + 1);
      if (usesDecorator(file.code, name)) add({ from: file.module, to: owner, via: decorator });
    }
  }
  return {
    modules: [...new Set(files.map((file) => file.module))].sort(),
    ties: [...ties.values()].sort(
      (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.via.localeCompare(b.via),
    ),
  };
}

/** A chain of ties that comes back to where it started, or null when the graph has none. */
export function findCycle(ties: readonly ModuleTie[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const { from, to } of ties) next.set(from, [...(next.get(from) ?? []), to]);
  const done = new Set<string>();
  const visit = (module: string, path: string[]): string[] | null => {
    const seen = path.indexOf(module);
    if (seen >= 0) return [...path.slice(seen), module];
    if (done.has(module)) return null;
    for (const to of next.get(module) ?? []) {
      const cycle = visit(to, [...path, module]);
      if (cycle) return cycle;
    }
    done.add(module);
    return null;
  };
  for (const module of next.keys()) {
    const cycle = visit(module, []);
    if (cycle) return cycle;
  }
  return null;
}
