import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { repoRoot } from "../paths";

/**
 * Builds the real client (browser bundle and server entry) into a temporary folder, for tests that
 * look at the pages the server renders. The unit tests run before `npm run build` (CI builds for
 * the browser tests afterwards), and a checkout's client/dist may be stale or half-written by
 * another build, so a test makes its own: a few seconds with Vite. Answers the folder to give as
 * CLIENT_DIST (its server entry is beside it, in ../ssr) and a function that removes it.
 *
 * `npm test` builds once, before its unit tests (the browser tests need the same build), and names
 * that build in TEST_CLIENT_DIST (client/dist, relative to the repository): then that one is used
 * and left in place, and the tests do not build the client a second time.
 */
export function buildClientForTests(): { dist: string; remove: () => void } {
  const built = process.env.TEST_CLIENT_DIST;
  if (built) {
    const dist = resolve(repoRoot, built);
    for (const file of [join(dist, "index.html"), join(dist, "..", "ssr", "entry-server.js")]) {
      if (!existsSync(file)) throw new Error(`TEST_CLIENT_DIST=${built}: ${file} is missing (build first)`);
    }
    return { dist, remove: () => {} };
  }
  const root = mkdtempSync(join(tmpdir(), "waveform-client-build-"));
  const vite = join(repoRoot, "node_modules", ".bin", "vite");
  const cwd = join(repoRoot, "client");
  const run = (args: string[]) =>
    execFileSync(vite, [...args, "--emptyOutDir", "--logLevel", "error"], {
      cwd,
      stdio: "pipe",
      // Vitest runs with NODE_ENV=test, which would make Vite build React's development JSX.
      env: { ...process.env, NODE_ENV: "production" },
    });
  try {
    run(["build", "--outDir", join(root, "dist")]);
    run(["build", "--ssr", "src/entry-server.tsx", "--outDir", join(root, "ssr")]);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`The client did not build:\n${output}`);
  }
  return { dist: join(root, "dist"), remove: () => rmSync(root, { recursive: true, force: true }) };
}
