import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverRoot } from "../../paths";
import { testEngine } from "../../test/test-database";
import { PgliteWorkerClient } from "./pglite-worker-client";
import { startPgliteThread } from "./start-thread";

type Rows<T> = { rows: T[] };

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "waveform-start-thread-"));
  folders.push(folder);
  return join(folder, "data");
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(testEngine === "postgres")("the server's PGlite thread on a new folder", () => {
  it("has the folder created, migrated and seeded by a process of its own, then starts on it", {
    timeout: 180_000,
  }, async () => {
    const dataDir = newFolder();
    const thread = startPgliteThread(dataDir, { prepareNewFolderApart: true });
    try {
      expect(thread.isNew).toBe(true);
      expect(thread.preparedApart).toBeInstanceOf(Promise);
      // Asked before the thread exists: answered once it has started on the prepared folder.
      const asked = thread.client.query("select count(*)::int as n from genres");
      await thread.client.waitReady;
      const { rows } = (await asked) as Rows<{ n: number }>;
      expect(rows[0]?.n).toBeGreaterThan(0);
      const documents = (await thread.client.query(
        "select count(*)::int as n from search_documents",
      )) as Rows<{ n: number }>;
      expect(documents.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await thread.client.close();
      thread.release();
    }
    // The next start finds it made: nothing to prepare.
    const again = startPgliteThread(dataDir, { prepareNewFolderApart: true });
    try {
      expect(again.isNew).toBe(false);
      expect(again.preparedApart).toBeUndefined();
      await again.client.waitReady;
    } finally {
      await again.client.close();
      again.release();
    }
  });

  it("refuses to prepare a folder the process named does not hold the lock of", () => {
    const dataDir = newFolder();
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "server.lock"), "1");
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", join(serverRoot, "src", "db", "prepare-new-folder.ts"), dataDir, "2"],
      { cwd: serverRoot, encoding: "utf8" },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("is not locked by process 2");
  });
});

describe.skipIf(testEngine === "postgres")("a PGlite thread that starts once something else is done", () => {
  it("sends what was asked meanwhile once it starts, in order", { timeout: 60_000 }, async () => {
    let go: () => void = () => {};
    const after = new Promise<void>((resolve) => {
      go = resolve;
    });
    const client = new PgliteWorkerClient(null, { after });
    try {
      const answers = [
        client.exec("create table turns (n int)"),
        client.query("insert into turns values (1)"),
        client.query("insert into turns values (2)"),
        client.query("select array_agg(n order by n) as ns from turns"),
      ];
      go();
      const last = (await answers[3]) as Rows<{ ns: number[] }>;
      expect(last.rows[0]?.ns).toEqual([1, 2]);
    } finally {
      await client.close();
    }
  });

  it("fails what was asked, and its start, when that fails", async () => {
    const client = new PgliteWorkerClient(null, { after: Promise.reject(new Error("no folder")) });
    const asked = client.query("select 1");
    await expect(client.waitReady).rejects.toThrow("no folder");
    await expect(asked).rejects.toThrow("no folder");
    await expect(client.query("select 1")).rejects.toThrow("PGlite is closed");
    await client.close();
  });
});
