import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Starts a drain ahead of closing: `/api/health` answers 503 "draining" so a load balancer
     * stops sending requests here, while requests still arriving are answered as usual (each with
     * `Connection: close`). The caller closes the app once the balancer has noticed.
     */
    beginDrain(): void;
    /** True once a drain or the close has started. */
    isDraining(): boolean;
  }
}

/**
 * A clean drain on shutdown: once the server starts draining or closing, every answer still being
 * sent says `Connection: close`, so a keep-alive client opens its next request elsewhere instead of
 * sending it down a connection about to go; idle connections are closed (FIN, not a reset) by
 * Fastify's `forceCloseConnections: "idle"`, and new requests after the close has begun get 503
 * (`return503OnClosing`). Behind a load balancer, serve.ts drains for SHUTDOWN_DRAIN_MS first.
 */
export const drainPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate("beginDrain", () => {
      draining = true;
    });
    app.decorate("isDraining", () => draining);
    app.addHook("preClose", async () => {
      draining = true;
    });
    app.addHook("onSend", async (_request, reply) => {
      if (draining) reply.header("connection", "close");
    });
  },
  { name: "drain" },
);
