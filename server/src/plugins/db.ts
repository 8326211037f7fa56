import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

interface DbOptions {
  handle: DatabaseHandle;
  closeOnExit: boolean;
  /**
   * Settles when the database is ready to serve (opened, migrated, seeded), while the rest of the app
   * registers: the app is not ready, and does not listen, before it has; its failure stops the start.
   */
  prepared?: Promise<void>;
}

/** Makes the database available to routes, and closes it when the app closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: DbOptions) => {
    app.decorate("db", options.handle.db);
    app.decorate("database", options.handle);
    const { prepared } = options;
    // The first onReady hook: none of the others (the session purge) runs on a database not ready.
    if (prepared) app.addHook("onReady", () => prepared);
    if (options.closeOnExit) app.addHook("onClose", () => options.handle.close());
  },
  { name: "db" },
);
