// Starts the built server for the browser tests on a fresh PGlite folder (migrated and seeded on
// start, as a new user's first `npm start` is).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
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
await import(join(root, "server", "dist", "server.js"));
