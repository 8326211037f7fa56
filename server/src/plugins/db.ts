import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Makes the database available to routes, and closes it when the app closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { handle: DatabaseHandle; closeOnExit: boolean }) => {
    app.decorate("db", options.handle.db);
    app.decorate("database", options.handle);
    if (options.closeOnExit) app.addHook("onClose", () => options.handle.close());
  },
  { name: "db" },
);
