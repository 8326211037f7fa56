import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { ConfigError, loadConfig } from "../config";
import { resolveSessionSecret, SESSION_SECRET_FILE } from "./session-secret";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "waveform-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("session secret", () => {
  it("uses SESSION_SECRET when set", () => {
    const secret = "x".repeat(40);
    expect(resolveSessionSecret({ env: "production", sessionSecret: secret, dataDir: "/nonexistent" })).toBe(
      secret,
    );
  });

  it("generates one outside production, once, in DATA_DIR, readable by the owner only", () => {
    const dataDir = join(tempDir(), "nested", "data");
    const first = resolveSessionSecret({ env: "development", sessionSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, SESSION_SECRET_FILE);
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret({ env: "test", sessionSecret: undefined, dataDir })).toBe(first);
  });

  it("refuses a generated file that is too short", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, SESSION_SECRET_FILE), "short");
    expect(() => resolveSessionSecret({ env: "development", sessionSecret: undefined, dataDir })).toThrow(
      ConfigError,
    );
  });

  it("stops a production start without SESSION_SECRET, naming it, before opening the database", async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    await expect(buildApp(config)).rejects.toThrow(ConfigError);
    await expect(buildApp(config)).rejects.toThrow(/SESSION_SECRET: must be set in production/);
    expect(() => statSync(join(dataDir, "server.lock"))).toThrow();
    expect(() => statSync(join(dataDir, SESSION_SECRET_FILE))).toThrow();
  });
});
