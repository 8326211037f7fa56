// Starts the PGlite thread from its TypeScript source (under tsx or Vitest, before a build):
// a worker thread does not inherit the parent's loader, so it registers tsx itself.
import { register } from "tsx/esm/api";

register();
await import("./pglite-thread.ts");
