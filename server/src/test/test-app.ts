import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type BuildOptions, buildApp } from "../app";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "./test-database";

export const FIXTURE_INLINE_SCRIPT = 'document.documentElement.classList.add("dark")';
export const FIXTURE_ASSET = "/assets/app-3f2a1b.js";

let fixtureDist: string | undefined;

/** A stand-in for the built client, so server tests do not depend on `npm run build`. */
export function fixtureClientDist(): string {
  if (fixtureDist) return fixtureDist;
  const dir = mkdtempSync(join(tmpdir(), "waveform-client-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    [
      "<!doctype html><html><head>",
      `<script>${FIXTURE_INLINE_SCRIPT}</script>`,
      '<script id="site-config" type="application/json"></script>',
      `<script type="module" src="${FIXTURE_ASSET}"></script>`,
      '</head><body><div id="root"></div></body></html>',
    ].join(""),
  );
  const asset = `console.log("${"waveform ".repeat(300)}");`;
  writeFileSync(join(dir, FIXTURE_ASSET), asset);
  // With its copies, as the build writes them (client/precompress.ts): the server sends those.
  writeFileSync(join(dir, `${FIXTURE_ASSET}.br`), brotliCompressSync(asset));
  writeFileSync(join(dir, `${FIXTURE_ASSET}.gz`), gzipSync(asset));
  fixtureDist = dir;
  return dir;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh test database (see createTestDatabase), silent, with a fixture client. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    database?: DatabaseHandle;
    /** The insights' clock (issue 33): counts land on the day it says. */
    insightsClock?: () => number;
    /** Fedify's store and queue (FEDERATION on), when a test needs to hold them. */
    federationStore?: BuildOptions["federationStore"];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ seed: options.seed }));
  // The newsletter's send journal (decision 0024): each app its own, as each server of a cluster.
  const journalDir = mkdtempSync(join(tmpdir(), "send-journal-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    CLIENT_DIST: fixtureClientDist(),
    // A fresh secret per app, so tests never create or read the generated one in ./data.
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    NEWSLETTER_SEND_JOURNAL: join(journalDir, "newsletter-send.journal"),
    ...options.env,
  });
  const app = await buildApp(config, {
    database,
    ...(options.insightsClock && { insightsClock: options.insightsClock }),
    ...(options.federationStore && { federationStore: options.federationStore }),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(journalDir, { recursive: true, force: true });
    },
  };
}
