// One "server" of the queue drill (federation-queue.ts): listens on DRILL_QUEUE of the PostgreSQL
// at DRILL_URL and appends the number of each message it has handled to DRILL_LOG, until killed.
import { appendFileSync } from "node:fs";
import { openDatabase } from "../db/client";
import { DbMessageQueue } from "../modules/federation/index";

const url = process.env.DRILL_URL ?? "";
const handle = await openDatabase({ kind: "postgres", url });
const queue = new DbMessageQueue(handle.db, {
  name: process.env.DRILL_QUEUE ?? "bench-drill",
  listenUrl: url,
  concurrency: 4,
  // Short, so the drill does not wait long for the killed server's messages.
  leaseMs: 3_000,
});
const controller = new AbortController();
process.on("SIGTERM", () => controller.abort());
await queue.listen(
  async (message) => {
    // A delivery's wait for the remote server.
    await new Promise((resolve) => setTimeout(resolve, 5));
    appendFileSync(process.env.DRILL_LOG ?? "/dev/null", `${(message as { n: number }).n}\n`);
  },
  { signal: controller.signal },
);
await handle.close();
