import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * The server test files that open a test database (through test-app or test-database): the
 * database suite. The others test code that no database touches; running them again on PostgreSQL
 * would repeat the same thing.
 */
function databaseTestFiles(): string[] {
  const root = join(import.meta.dirname, "server");
  return readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) =>
      /from "(?:\.\.?\/)+(?:test\/)?test-(?:app|database)"/.test(
        readFileSync(join(root, "src", file), "utf8"),
      ),
    )
    .map((file) => relative(root, join(root, "src", file)));
}

/**
 * The client test files that replace a module (vi.mock): they run in a fresh worker each, so the
 * replacement reaches no other file. The others share a worker's jsdom and modules (see below).
 */
function filesMockingModules(workspace: "client" | "server"): string[] {
  const root = join(import.meta.dirname, workspace);
  return readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(join(root, "src", file), "utf8")))
    .map((file) => relative(root, join(root, "src", file)));
}
const clientFilesMockingModules = () => filesMockingModules("client");
/**
 * The server files that replace a module (vi.mock): isolated too. Sharing modules, a replacement
 * reached the route only if no file before it in the worker had loaded the real module (the
 * podcast artwork's draws counted 0 in one CI run of four).
 */
const serverMockingFiles = filesMockingModules("server");

/** Read once: both client projects need the list (one includes it, the other leaves it out). */
const mockingFiles = clientFilesMockingModules();

const clientProject = (name: string, files: "mocking" | "others") => ({
  plugins: [react()],
  test: {
    name,
    root: "./client",
    include: files === "mocking" ? mockingFiles : ["src/**/*.test.{ts,tsx}"],
    exclude: files === "mocking" ? [] : mockingFiles,
    environment: "jsdom" as const,
    setupFiles: ["./src/test/setup.ts"],
    // Vitest's 5 s is too short for a form journey typed key by key in jsdom while the server
    // files run beside it on two cores (console-ads-page took 5.5 s at load 10).
    testTimeout: 15_000,
    // A fresh worker per file costs each file a new jsdom and a new import of React, the router and
    // the testing library: the 37 client files took 60 s (64 CPU-s) so, 12.7 s sharing them. The
    // setup file cleans up after every test (render, storage, the root's classes, media queries).
    isolate: files === "mocking",
  },
});

const serverProject = (
  name: string,
  engine: "pglite" | "postgres",
  files: "mocking" | "others" = "others",
) => ({
  test: {
    name,
    root: "./server",
    include:
      files === "mocking"
        ? serverMockingFiles.filter((file) => engine === "pglite" || databaseTestFiles().includes(file))
        : engine === "postgres"
          ? databaseTestFiles()
          : ["src/**/*.test.ts"],
    exclude: files === "mocking" ? [] : serverMockingFiles,
    environment: "node" as const,
    env: { TEST_DB_ENGINE: engine },
    // What each test database starts from (migrated; seeded): PGlite dumps (pglite-template.ts),
    // or PostgreSQL template databases (postgres-template.ts).
    globalSetup: [engine === "pglite" ? "./src/test/pglite-template.ts" : "./src/test/postgres-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's modules instead of importing them again each (each opens its own app
    // and database; those that mock a module run apart). The whole suite: 356 s -> 216 s on 2 cores.
    isolate: files === "mocking",
  },
});

/**
 * One Vitest run, several projects: contracts and server in Node, the client in jsdom. The server
 * suite runs on PGlite always, and its database suite (see above) again on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. The server
    // files mostly wait (child processes, local servers, timers): with two workers the whole run kept
    // the two cores 137 % busy and took 232 s, with four 172 % and 182 s, for the same CPU time.
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      {
        test: { name: "contracts", root: "./contracts", include: ["src/**/*.test.ts"], environment: "node" },
      },
      // The deployment files (deploy/) as the cluster and drill scripts read them.
      { test: { name: "scripts", root: "./scripts", include: ["**/*.test.mjs"], environment: "node" } },
      serverProject("server:pglite", "pglite"),
      serverProject("server:pglite:mocking", "pglite", "mocking"),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject("server:postgres", "postgres"),
            serverProject("server:postgres:mocking", "postgres", "mocking"),
          ]
        : []),
      clientProject("client", "others"),
      clientProject("client:mocking", "mocking"),
    ],
  },
});
