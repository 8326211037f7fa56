import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * A clean drain on shutdown: once the server starts closing, every answer still being sent says
 * `Connection: close`, so a keep-alive client opens its next request elsewhere instead of sending
 * it down a connection about to go; idle connections are closed (FIN, not a reset) by Fastify's
 * `forceCloseConnections: "idle"`, and new requests meanwhile get 503 (`return503OnClosing`).
 */
export const drainPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.addHook("preClose", async () => {
      draining = true;
    });
    app.addHook("onSend", async (_request, reply) => {
      if (draining) reply.header("connection", "close");
    });
  },
  { name: "drain" },
);
