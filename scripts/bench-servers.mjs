// Helpers for the benchmark scripts: start the built server, or a bare node:http server, each in its
// own process, and wait until it answers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
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

/** The built site (server/dist) on a fresh PGlite folder, migrated and seeded. */
export async function startSite(port) {
  const dataDir = mkdtempSync(join(tmpdir(), "waveform-bench-"));
  const child = spawn(process.execPath, [join(root, "server", "dist", "server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      NODE_ENV: "production",
      // Production refuses to start without one; a throwaway secret per run is all a benchmark needs.
      SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString("base64url"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return {
    url: `http://127.0.0.1:${port}`,
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
