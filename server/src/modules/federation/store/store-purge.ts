import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { purgeExpiredKv } from "./db-kv-store";
import { purgeFinishedMessages } from "./db-message-queue";

const MINUTE_MS = 60_000;

/**
 * The federation store's background purge, on one server at a time: key–value entries whose time
 * has passed (invisible already), handled messages no parent needs any more, and messages given up
 * more than 30 days ago (kept that long for the operator to see why). Whether federation is on or
 * not: rows left from when it was on go too.
 */
export const federationStorePurgePlugin = fp(
  async (app: FastifyInstance) => {
    app.addBackgroundJob({
      name: "federation-store-purge",
      everyMs: 10 * MINUTE_MS,
      leaseMs: 10 * MINUTE_MS,
      run: async () => {
        const entries = await purgeExpiredKv(app.db);
        const messages = await purgeFinishedMessages(app.db);
        if (entries + messages > 0) app.log.info({ entries, messages }, "federation store: purged");
      },
    });
  },
  { name: "federation-store-purge", dependencies: ["db", "jobs"] },
);
