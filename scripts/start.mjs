// `npm start`: build what changed since the last successful build (often nothing), then serve.
//
// Each build target (the client, then the server) has inputs: the files under the folders it reads
// and a few root files, minus what .gitignore leaves out (dist/, client/ssr/, node_modules, data…).
// After a successful build a stamp records the content hash of every input and of every file the
// build wrote (its outputs, whatever their names: found as the ignored files in the workspace that
// are newer than the build's start). A target is built again, with its own
// `npm run build -w <workspace>`, when an input was added, removed or changed, or an output is
// missing or differs from what the build wrote (an `npm run build` from the same sources writes the
// same bytes, so it does not count). The stamp lives in node_modules/.cache: a fresh install builds.
//
//   node scripts/start.mjs               build what changed, then serve (server/dist/server.js)
//   node scripts/start.mjs --build-only  build what changed, then exit
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runtimeProblem } from "./node-runtime.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

// Before building: an older Node would fail inside the build, less clearly.
const problem = runtimeProblem({
  version: process.version,
  execPath: process.execPath,
  range: JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node,
  command: "npm start",
});
if (problem) {
  console.error(problem);
  process.exit(1);
}
const STAMP_VERSION = 1;
const stampFile = join(root, "node_modules", ".cache", "waveform-start", "build-stamp.json");
const serverEntry = join(root, "server", "dist", "server.js");

/** Root files any build reads: dependency versions, shared compiler options. */
const ROOT_INPUTS = ["package.json", "package-lock.json", "tsconfig.base.json"];

/**
 * Build targets in build order. `reads`: folders whose files are inputs (scripts/ holds the build
 * scripts). A target is also built when an earlier one was: the server's build may read what the
 * client's wrote, and a server build costs a few seconds.
 */
const TARGETS = [
  { name: "client", workspace: "client", reads: ["client", "contracts", "scripts"], firstRun: "~20 s" },
  { name: "server", workspace: "server", reads: ["server", "contracts", "scripts"], firstRun: "~3 s" },
];

/** The simple .gitignore forms this repository uses: `name/`, `a/b/`, `name`, `*.ext`, `.env.*`, `!x`. */
function ignoreRules() {
  const file = join(root, ".gitignore");
  const lines = existsSync(file) ? readFileSync(file, "utf8").split(/\r?\n/) : [];
  const rules = [];
  for (const raw of ["node_modules/", ".git/", ...lines]) {
    let line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const negate = line.startsWith("!");
    if (negate) line = line.slice(1);
    const dirOnly = line.endsWith("/");
    if (dirOnly) line = line.slice(0, -1);
    const anchored = line.includes("/");
    if (line.startsWith("/")) line = line.slice(1);
    const pattern = new RegExp(
      `^${line
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*/g, "\u0000")
        .replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]")
        .replaceAll("\u0000", ".*")}$`,
    );
    rules.push({ negate, dirOnly, anchored, pattern });
  }
  return rules;
}

const rules = ignoreRules();

function isIgnored(path, isDir) {
  const name = path.slice(path.lastIndexOf("/") + 1);
  let ignored = false;
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue;
    if (rule.pattern.test(rule.anchored ? path : name)) ignored = !rule.negate;
  }
  return ignored;
}

/** Files under `folder` (repository-relative, `/`-separated): inputs, and ignored files beside them. */
function walk(folder, inputs, ignored) {
  const absolute = join(root, folder);
  if (!existsSync(absolute)) return;
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    const isDir = entry.isDirectory();
    if (isIgnored(path, isDir)) {
      if (ignored && !path.endsWith("/node_modules") && !path.includes("/node_modules/")) {
        if (isDir) walk(path, ignored, ignored);
        else if (entry.isFile()) ignored.push(path);
      }
      continue;
    }
    if (isDir) walk(path, inputs, ignored);
    else if (entry.isFile()) inputs.push(path);
  }
}

function readStamp() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
    if (stamp.version === STAMP_VERSION) return stamp;
  } catch {
    // no stamp yet, or an unreadable one: build everything
  }
  return { version: STAMP_VERSION, files: {}, targets: {} };
}

/** Content hash of a file (null when missing), reusing the cached one while size and mtime hold. */
function hashOf(path, cache) {
  let stats;
  try {
    stats = statSync(join(root, path));
  } catch {
    return null;
  }
  const known = cache[path];
  if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) return known.hash;
  const hash = createHash("sha256")
    .update(readFileSync(join(root, path)))
    .digest("base64url");
  cache[path] = { size: stats.size, mtimeMs: stats.mtimeMs, hash };
  return hash;
}

/** The target's input files with their content hashes. */
function inputsOf(target, cache) {
  const paths = [];
  for (const folder of target.reads) walk(folder, paths, null);
  for (const file of ROOT_INPUTS) if (existsSync(join(root, file))) paths.push(file);
  return Object.fromEntries([...new Set(paths)].sort().map((path) => [path, hashOf(path, cache)]));
}

function listed(paths) {
  return `${paths.slice(0, 3).join(", ")}${paths.length > 3 ? ` and ${paths.length - 3} more` : ""}`;
}

/** Why the target must be built, or null when the files its recorded build read and wrote still hold. */
function staleness(record, inputs, cache) {
  if (!record) return "first run";
  const changed = Object.keys(inputs).filter((path) => record.inputs[path] !== inputs[path]);
  const removed = Object.keys(record.inputs).filter((path) => !(path in inputs));
  if (changed.length || removed.length)
    return `${listed([...changed, ...removed.map((path) => `${path} (deleted)`)])} changed`;
  for (const [path, hash] of Object.entries(record.outputs)) {
    const now = hashOf(path, cache);
    if (now === null) return `${path} is missing`;
    if (now !== hash) return `${path} is not what the last build wrote`;
  }
  return null;
}

function runNpm(args) {
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, ...args], { cwd: root, stdio: "inherit" })
    : spawnSync("npm", args, { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  return result.status === 0;
}

function buildWhatChanged() {
  const started = performance.now();
  const stamp = readStamp();
  const cache = stamp.files;
  let rebuilt = null;
  let checked = 0;
  for (const target of TARGETS) {
    const inputs = inputsOf(target, cache);
    checked += Object.keys(inputs).length;
    const record = stamp.targets[target.name];
    // A later target may read what an earlier one wrote (a server bundle importing the client's
    // server-side entry, say), so it is rebuilt after it.
    const why = staleness(record, inputs, cache) ?? (rebuilt && `the ${rebuilt} was rebuilt`);
    if (!why) continue;
    console.log(
      why === "first run"
        ? `Building the ${target.name} (first run, ${target.firstRun})…`
        : `Rebuilding the ${target.name}: ${why}…`,
    );
    const buildStarted = Date.now();
    if (!runNpm(["run", "build", "-w", target.workspace])) {
      console.error(
        `The ${target.name} build failed; nothing is served. Fix it and run \`npm start\` again.`,
      );
      process.exit(1);
    }
    // Its outputs: the files in the workspace that .gitignore leaves out and this build wrote.
    const ignored = [];
    walk(target.workspace, [], ignored);
    const outputs = {};
    for (const path of ignored) {
      if (statSync(join(root, path)).mtimeMs < buildStarted - 2000) continue;
      delete cache[path];
      outputs[path] = hashOf(path, cache);
    }
    // The inputs as they were before the build: a file edited meanwhile makes the next start build.
    stamp.targets[target.name] = { inputs, outputs };
    writeStamp(stamp);
    rebuilt = target.name;
  }
  const ms = Math.round(performance.now() - started);
  if (!rebuilt) console.log(`Client and server are up to date (${checked} input files checked in ${ms} ms).`);
  // Keep the hash cache to the files some target reads or wrote.
  const known = new Set(
    Object.values(stamp.targets).flatMap((record) => [
      ...Object.keys(record.inputs),
      ...Object.keys(record.outputs),
    ]),
  );
  stamp.files = Object.fromEntries(Object.entries(cache).filter(([path]) => known.has(path)));
  writeStamp(stamp);
}

function writeStamp(stamp) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify(stamp)}\n`);
}

buildWhatChanged();
if (!process.argv.includes("--build-only")) {
  const runtime = relative(root, process.execPath);
  console.log(
    `Starting the server (${relative(root, serverEntry).split(sep).join("/")}) on Node.js ${process.version} (${runtime.startsWith("..") ? process.execPath : runtime.split(sep).join("/")})…`,
  );
  await import(pathToFileURL(serverEntry).href);
}
