import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONSENT_TEXT_VERSION } from "@waveform/contracts/newsletter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../db/schema";
import { repoRoot, serverRoot } from "../paths";
import { createTestDataDir, testEngine } from "../test/test-database";

const HEADER = "email,status,consent_at,consent_text_version,source_page,confirmed_at";

// Child processes on their own PGlite folder: once is enough (the PostgreSQL suite skips it).
describe.skipIf(testEngine === "postgres")("exports through npm write only their data", () => {
  const dir = mkdtempSync(join(tmpdir(), "waveform-admin-output-"));
  const env = { ...process.env, DATA_DIR: join(dir, "data"), DATABASE_URL: "" };

  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    const handle = await createTestDataDir(env.DATA_DIR);
    try {
      await handle.db.insert(newsletterSubscriptions).values({
        email: "ann@example.com",
        status: "confirmed",
        consentAt: new Date("2026-11-20T10:00:00Z"),
        consentTextVersion: CONSENT_TEXT_VERSION,
        sourcePage: '/genres?q="a,b"',
        confirmedAt: new Date("2026-11-20T10:05:00Z"),
      });
    } finally {
      await handle.close(); // the CLI takes the folder's lock next
    }
  }, 60_000);

  it("npm run --silent admin -- newsletter export: the CSV header is the first line", {
    timeout: 60_000,
  }, () => {
    // As docs/operations.md says to run it, from the repository root, through both npm scripts.
    const result = spawnSync("npm", ["run", "--silent", "admin", "--", "newsletter", "export"], {
      cwd: repoRoot,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split("\n")[0]).toBe(HEADER);
    expect(result.stdout).toBe(
      `${HEADER}\nann@example.com,confirmed,2026-11-20T10:00:00.000Z,${CONSENT_TEXT_VERSION},"/genres?q=""a,b""",2026-11-20T10:05:00.000Z\n`,
    );
  });

  // npm's part (nothing of its own on standard output with --silent) is the test above; this one
  // starts the program as the admin script does, without the two npm processes in front.
  it("-o FILE writes the file and nothing to standard output", { timeout: 60_000 }, () => {
    const file = join(dir, "subscribers.csv");
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/cli/admin.ts", "newsletter", "export", "--status", "all", "-o", file],
      { cwd: serverRoot, env, encoding: "utf8", timeout: 60_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
    expect(readFileSync(file, "utf8").split("\n")[0]).toBe(HEADER);
  });
});
