// Helpers for the benchmark scripts: start the built server, or a bare node:http server, each in its
// own process, and wait until it answers; time the server's start on an existing data folder.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = join(root, "server", "dist", "server.js");
/**
 * The Node.js that runs the measured servers: the one running the bench (the project's, under npm)
 * unless BENCH_NODE names another binary, to compare runtimes on one build.
 */
const siteNode = process.env.BENCH_NODE || process.execPath;
const siteNodeVersion = spawnSync(siteNode, ["-v"], { encoding: "utf8" }).stdout.trim();

async function waitFor(url, timeoutMs = 30_000, everyMs = 100) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child, cleanup = () => {}) {
  return () =>
    new Promise((resolve) => {
      child.once("exit", () => {
        cleanup();
        resolve();
      });
      child.kill("SIGTERM");
    });
}

/**
 * How `npm start` would configure the server here, as the server's own config.ts reads it: this
 * environment, then the repository's .env, then the defaults.
 */
function describeConfig(env) {
  const code = `
    import { loadConfig, loadDotEnv } from "./server/src/config.ts";
    loadDotEnv();
    const c = loadConfig();
    console.log(JSON.stringify({ env: c.env, logLevel: c.logLevel, accessLog: c.accessLog, database: c.database.kind }));`;
  const result = spawnSync(
    process.execPath,
    [join(root, "node_modules", "tsx", "dist", "cli.mjs"), "-e", code],
    {
      cwd: root,
      env,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`Cannot read the server configuration:\n${result.stderr}`);
  const config = JSON.parse(result.stdout.trim().split("\n").at(-1));
  return (
    `node server/dist/server.js (the entry \`npm start\` runs) on Node.js ${siteNodeVersion} with NODE_ENV=${config.env}, ` +
    `LOG_LEVEL=${config.logLevel}, ACCESS_LOG=${config.accessLog ? "on" : "off"}, database ${config.database}` +
    (config.database === "pglite" ? ` in a fresh folder (DATA_DIR=${env.DATA_DIR})` : "") +
    `, PORT=${env.PORT}`
  );
}

/** A new folder for the site's PGlite database (migrated and seeded by its first start). */
export function newDataDir() {
  return mkdtempSync(join(tmpdir(), "waveform-bench-"));
}

/** Removes a folder made by newDataDir. */
export function removeDataDir(dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
}

/** `npm start`'s configuration (this environment and .env) with only PORT and DATA_DIR set here. */
function siteEnv(port, dataDir) {
  return { ...process.env, PORT: String(port), DATA_DIR: dataDir };
}

/**
 * The built site exactly as `npm start` runs it: `node server/dist/server.js` with this process's
 * environment (and the .env the server reads itself), no logging or NODE_ENV of its own. Only PORT and
 * DATA_DIR differ: a port beside a running site, and a PGlite folder of the caller's (newDataDir: the
 * first start migrates and seeds it). `extraEnv`: variables a benchmark sets besides (INSIGHTS=off).
 */
export async function startSite(port, dataDir, extraEnv = {}) {
  const env = { ...siteEnv(port, dataDir), ...extraEnv };
  const config = describeConfig(env);
  console.log(`Site: ${config}`);
  const child = spawn(siteNode, [serverEntry], { env, stdio: ["ignore", "inherit", "inherit"] });
  await waitFor(`http://127.0.0.1:${port}/api/health`, 120_000);
  return { url: `http://127.0.0.1:${port}`, config, pid: child.pid, stop: stopper(child) };
}

/**
 * How long the site takes to serve, `runs` times: from spawning `node server/dist/server.js` on an
 * existing data folder to the first 200 from /api/health, asked every 20 ms (the budget:
 * ≤ 1.5 s on a PGlite folder). Each start is stopped with SIGTERM before the next. Milliseconds.
 * `entry`: the script to run instead (scripts/start.mjs: `npm start`).
 */
export async function timeStarts(port, dataDir, runs, entry = serverEntry) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const child = spawn(siteNode, [entry], {
      env: siteEnv(port, dataDir),
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitFor(`http://127.0.0.1:${port}/api/health`, 30_000, 20);
    times.push(Math.round(performance.now() - started));
    await stopper(child)();
  }
  return times;
}

/**
 * A bare node:http server answering each path with the given bytes, nothing else. The answers go
 * in a file: a page's bytes are more than one environment variable may hold (E2BIG).
 */
export async function startBare(port, answers) {
  const folder = mkdtempSync(join(tmpdir(), "waveform-bare-"));
  const file = join(folder, "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(siteNode, [join(root, "scripts", "bench-bare-server.mjs")], {
    env: { ...process.env, PORT: String(port), ANSWERS_FILE: file },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}${Object.keys(answers)[0]}`);
  const stop = stopper(child);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
