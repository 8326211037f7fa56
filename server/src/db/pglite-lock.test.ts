import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./pglite-lock";

const tempDir = () => mkdtempSync(join(tmpdir(), "waveform-lock-"));

describe("lockDataDir", () => {
  it("creates a missing folder, writes our pid, and releases", () => {
    const dir = join(tempDir(), "nested", "data");
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "server.lock"))).toBe(false);
  });

  it("refuses a folder locked by a running process, with a clear message", () => {
    const dir = tempDir();
    // pid 1 always runs; it stands for another server.
    writeFileSync(join(dir, "server.lock"), "1");
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server \(pid 1\)/);
  });

  it("takes over a stale lock left by a process that is gone", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "server.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
