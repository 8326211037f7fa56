// Helpers for the benchmark scripts: start the built server, or a bare node:http server, each in its
// own process, and wait until it answers.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

async function waitFor(url, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
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
    `node server/dist/server.js (the entry \`npm start\` runs) with NODE_ENV=${config.env}, ` +
    `LOG_LEVEL=${config.logLevel}, ACCESS_LOG=${config.accessLog ? "on" : "off"}, database ${config.database}` +
    (config.database === "pglite" ? ` in a fresh folder (DATA_DIR=${env.DATA_DIR})` : "") +
    `, PORT=${env.PORT}`
  );
}

/**
 * The built site exactly as `npm start` runs it: `node server/dist/server.js` with this process's
 * environment (and the .env the server reads itself), no logging or NODE_ENV of its own. Only PORT and
 * DATA_DIR differ: a port beside a running site, and a fresh PGlite folder, migrated and seeded.
 */
export async function startSite(port) {
  const dataDir = mkdtempSync(join(tmpdir(), "waveform-bench-"));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  const config = describeConfig(env);
  console.log(`Site: ${config}`);
  const child = spawn(process.execPath, [join(root, "server", "dist", "server.js")], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, 120_000);
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** A bare node:http server answering each path with the given bytes, nothing else. */
export async function startBare(port, answers) {
  const child = spawn(process.execPath, [join(root, "scripts", "bench-bare-server.mjs")], {
    env: { ...process.env, PORT: String(port), ANSWERS: JSON.stringify(answers) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}${Object.keys(answers)[0]}`);
  return { url: `http://127.0.0.1:${port}`, stop: stopper(child) };
}
