import { createServer } from "node:net";
import { InProcessMessageQueue, MemoryKvStore } from "@fedify/fedify";
import type { DatabaseHandle } from "../../db/client";
import { createTestApp, type TestApp } from "../test-app";

/** A port nobody listens on now (the club's address must be known before it is built). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("No port was given.");
  return address.port;
}

export interface ClubOnLoopback extends TestApp {
  /** `http://127.0.0.1:<port>`: the club's PUBLIC_URL, where the fan server reaches it. */
  origin: string;
}

/**
 * The club, on the given (seeded) test database, listening on a loopback port with federation on, its PUBLIC_URL that very
 * address, and remote servers allowed on loopback (the fan server). Fedify's store and queue are
 * in memory and the queue runs one message at a time in the order they came, so a test can tell
 * that an activity was dealt with by waiting for the effect of one sent after it. The test file
 * makes the database (createTestDatabase), which is what puts it in the suite run on PostgreSQL too.
 */
export async function startClubOnLoopback(database: DatabaseHandle): Promise<ClubOnLoopback> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    database,
    env: { PUBLIC_URL: origin, FEDERATION: "on", FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true" },
    federationStore: {
      kv: new MemoryKvStore(),
      queue: new InProcessMessageQueue({ pollInterval: { milliseconds: 50 } }),
    },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  return { ...t, origin };
}
