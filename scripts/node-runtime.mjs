// The Node.js the club runs on. The project brings it (the `node` devDependency: a registry package
// holding the official binary, installed by `npm install` into node_modules/.bin, which npm puts
// first on the PATH of every script). `engines.node` in the root package.json names the oldest
// version that may run it, as `>=MAJOR.MINOR.PATCH`; the server and `npm start` check it before
// anything else, because an older Node fails later and less clearly (a missing global, a module
// that cannot be linked) or, worse, runs with a runtime that no longer gets security releases.
//
// Plain JavaScript with no imports of its own, so any Node that can parse a module can run it.

/** `>=24.21.0` → [24, 21, 0]; anything else is a mistake in package.json. */
export function parseMinimum(range) {
  const match = /^>=\s*v?(\d+)\.(\d+)\.(\d+)$/.exec(String(range).trim());
  if (!match) throw new Error(`engines.node must read ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(range)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** `v20.20.2` → [20, 20, 2]. */
function parseVersion(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`Not a Node.js version: ${JSON.stringify(version)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether `version` (as `process.version` prints it) is at least the `engines.node` minimum. */
export function satisfiesMinimum(version, range) {
  const have = parseVersion(version);
  const need = parseMinimum(range);
  for (let i = 0; i < 3; i++) {
    if (have[i] !== need[i]) return have[i] > need[i];
  }
  return true;
}

/**
 * Null when this Node may run the club; otherwise what to tell the person who started it: the
 * version found, the one needed, and the command that uses the project's own Node.
 */
export function runtimeProblem({ version, execPath, range, command }) {
  if (satisfiesMinimum(version, range)) return null;
  const minimum = parseMinimum(range).join(".");
  return [
    `Waveform Music Club needs Node.js ${minimum} or newer (package.json "engines"), but this is Node.js ${version} (${execPath}).`,
    "The project brings its own Node.js: run `npm install`, then start with npm, which runs it:",
    `  ${command}`,
  ].join("\n");
}
