// Starts the built server for the browser tests on a fresh PGlite folder (migrated and seeded on
// start, as a new user's first `npm start` is).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// E2E_DATA_DIR (relative to the repository): the console journeys' server keeps a database of its own.
const dataDir = join(root, process.env.E2E_DATA_DIR ?? join("e2e", ".tmp", "data"));
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
// Production refuses to start without a session secret; a new one per run is fine for tests.
process.env.SESSION_SECRET ||= randomBytes(32).toString("base64url");
// The journeys check the search links of tracks without a Spotify id; the background id resolver
// (API-tested against the fake) would give them exact ids part way through a run.
process.env.SPOTIFY_RESOLVER ||= "off";
// E2E_CONSOLE_OPERATORS_FILE: the console journeys' operators, added with the admin CLI (as a new
// club would add its first operator) before the server holds the PGlite folder; their one-time
// set-password links go to that file for e2e/console-fixtures.ts (keyed by email, with this run's id).
if (process.env.E2E_CONSOLE_OPERATORS_FILE) {
  const projects = ["desktop", "phone"];
  const roles = {
    editor: projects.flatMap((project) => [`editor-${project}@e2e.test`, `journey-${project}@e2e.test`]),
    admin: projects.map((project) => `admin-${project}@e2e.test`),
  };
  const links = {};
  for (const [role, emails] of Object.entries(roles)) {
    const output = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "server", "src", "cli", "admin.ts"),
        "operators",
        "add",
        ...emails,
        "--role",
        role,
      ],
      { cwd: root, env: process.env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const lines = output.trim().split("\n");
    emails.forEach((email, i) => {
      links[email] = lines[i];
    });
  }
  const file = join(root, process.env.E2E_CONSOLE_OPERATORS_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ run: randomBytes(6).toString("hex"), links }, null, 2));
}
// E2E_FEDIVERSE_SEED: the fediverse console journey's followers and replies, written before the
// server holds the PGlite folder (server/src/test/fediverse-e2e-seed.ts says what).
if (process.env.E2E_FEDIVERSE_SEED) {
  execFileSync(
    process.execPath,
    ["--import", "tsx", join(root, "server", "src", "test", "fediverse-e2e-seed.ts")],
    { cwd: root, env: process.env, stdio: ["ignore", "inherit", "inherit"] },
  );
}
// E2E_FEDIVERSE_FIXTURE: the public journeys' posts and approved replies from the fediverse,
// written on the fresh database before the server holds it (server/src/test/e2e-fediverse-fixture.ts).
if (process.env.E2E_FEDIVERSE_FIXTURE) {
  execFileSync(
    process.execPath,
    ["--import", "tsx", join(root, "server", "src", "test", "e2e-fediverse-fixture.ts")],
    { cwd: root, env: { ...process.env, LOG_LEVEL: "warn" }, stdio: "inherit" },
  );
}
await import(join(root, "server", "dist", "server.js"));
