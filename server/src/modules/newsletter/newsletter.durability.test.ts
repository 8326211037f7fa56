import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";
import { serverRoot } from "../../paths";
import { fromSite } from "../../test/same-origin";
import { createTestDatabase, createTestDataDir, testEngine } from "../../test/test-database";

const PORT = 4400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${PORT}`;

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", join(serverRoot, "src", "server.ts")], {
    env: {
      ...process.env,
      PORT: String(PORT),
      LOG_LEVEL: "silent",
      NEWSLETTER_RATE_LIMIT_PER_MINUTE: "100000",
      ...env,
    },
    stdio: "ignore",
  });
}

/** Up to 60 s: the server starts from source (tsx), slow on a busy machine. */
async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

describe(`a server killed with SIGKILL on ${testEngine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "waveform-kill-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("loses no subscription it acknowledged", { timeout: 180_000 }, async () => {
    // A database made and seeded already (from this run's templates): the server only opens it,
    // without the first start's migrate and seed, which are not what this test is about.
    const postgres = testEngine === "postgres" ? await createTestDatabase({ seed: true }) : null;
    if (!postgres) await (await createTestDataDir(dataDir, { seed: true })).close();
    const databaseEnv: Record<string, string> =
      postgres && postgres.config.kind === "postgres"
        ? { DATABASE_URL: postgres.config.url }
        : { DATA_DIR: dataDir };
    const server = startServer(databaseEnv);
    await waitForHealth();

    const acknowledged: string[] = [];
    let sent = 0;
    const burst = Array.from({ length: 300 }, async (_, i) => {
      const email = `burst${i}@example.net`;
      await new Promise((resolve) => setTimeout(resolve, i * 3));
      sent += 1;
      try {
        const response = await fetch(`${base}/api/newsletter/subscribe`, {
          method: "POST",
          headers: fromSite({ "content-type": "application/json" }),
          body: JSON.stringify({ email, agreeToTerms: true }),
        });
        if (response.ok) acknowledged.push(email);
      } catch {
        // the kill cut this one off: not acknowledged, so it may or may not be stored
      }
    });
    // Kill mid-burst, once some answers are in.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 40 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    server.kill("SIGKILL");
    await exited;
    await Promise.all(burst);

    expect(sent).toBeGreaterThan(acknowledged.length);
    const handle = postgres ?? (await openDatabase({ kind: "pglite", dataDir }));
    try {
      const stored = await handle.db
        .select({ email: newsletterSubscriptions.email })
        .from(newsletterSubscriptions)
        .where(inArray(newsletterSubscriptions.email, acknowledged));
      expect(stored.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
      console.info(
        `kill test (${testEngine}): ${acknowledged.length} acknowledged of ${sent} sent, all stored`,
      );
    } finally {
      await handle.close();
    }
  });
});
