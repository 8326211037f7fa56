import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const serverProject = (name: string, engine: "pglite" | "postgres") => ({
  test: {
    name,
    root: "./server",
    include: ["src/**/*.test.ts"],
    environment: "node" as const,
    env: { TEST_DB_ENGINE: engine },
    // PGlite dumps (migrated; seeded) that each test database starts from: see pglite-template.ts.
    globalSetup: engine === "pglite" ? ["./src/test/pglite-template.ts"] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * One Vitest run, several projects: contracts and server in Node, the client in jsdom. The server
 * suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. The server
    // files mostly wait (child processes, local servers, timers), and two workers there halve the
    // server suite's time for the same CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: "contracts", root: "./contracts", include: ["src/**/*.test.ts"], environment: "node" },
      },
      serverProject("server:pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server:postgres", "postgres")] : []),
      {
        plugins: [react()],
        test: {
          name: "client",
          root: "./client",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
        },
      },
    ],
  },
});
