import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../server/src/config.ts";
import { findProgram, haproxyConfig, root, serviceFromUnit, unitFile } from "./cluster-lib.mjs";

describe("deploy/waveform@.service as the cluster reads it", () => {
  const { env, exec } = serviceFromUnit(3002);

  it("runs the built server on the project's own Node, on the instance's port, draining behind the trusted proxy", () => {
    expect(exec).toEqual([join(root, "node_modules", ".bin", "node"), "server/dist/server.js"]);
    expect(env).toMatchObject({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "3002",
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DRAIN_MS: "3000",
    });
  });

  it("gives the server one writable folder of its own for what must survive a restart (the send journal)", () => {
    const unit = readFileSync(unitFile, "utf8");
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^StateDirectory=waveform$/m);
    expect(serviceFromUnit(3002, unitFile, "/var/lib").env.DATA_DIR).toBe("/var/lib/waveform");
    const config = loadConfig({ ...env, SESSION_SECRET: "x".repeat(40) });
    expect(config.newsletterSendJournal).toBe(join(env.DATA_DIR, "newsletter-send-3002.journal"));
  });

  it("is a configuration the server accepts, with the site's own settings", () => {
    const config = loadConfig({
      ...env,
      DATABASE_URL: "postgres://waveform@db.internal:5432/waveform",
      PUBLIC_URL: "https://club.example",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(config.port).toBe(3002);
    expect(config.shutdownDrainMs).toBe(3000);
    expect(config.database.kind).toBe("postgres");
  });
});

describe("deploy/haproxy.cfg as the cluster writes it", () => {
  it("lists exactly the servers started, between its markers", () => {
    const config = haproxyConfig([4001, 4002]);
    expect(config.match(/^\s+server web\d+ .*$/gm)).toEqual([
      "    server web1 127.0.0.1:4001",
      "    server web2 127.0.0.1:4002",
    ]);
    expect(config).toContain("# servers: begin");
    expect(config).toContain("# servers: end");
  });

  it("refuses a file without the markers", () => {
    expect(() => haproxyConfig([4001], "backend servers\n  server a 127.0.0.1:1\n")).toThrow(/markers/);
  });

  const haproxy = findProgram("haproxy");
  it.skipIf(!haproxy)("is a configuration HAProxy accepts (haproxy -c)", () => {
    const dir = mkdtempSync(join(tmpdir(), "waveform-haproxy-"));
    try {
      const file = join(dir, "haproxy.cfg");
      writeFileSync(file, haproxyConfig([4001, 4002, 4003]));
      const check = spawnSync(haproxy, ["-c", "-f", file], {
        env: { ...process.env, HAPROXY_SOCKET: join(dir, "admin.sock"), LB_BIND: "127.0.0.1:4000" },
        encoding: "utf8",
      });
      expect(check.status, check.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
