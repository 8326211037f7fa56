import { getHealth } from "@waveform/contracts/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../../db/unavailable";
import { fromEndpoint } from "../../lib/endpoint-schema";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(getHealth),
    // Its answer is far below the compression threshold, so compression never applies; without the
    // plugin's hook here, the first health check after a start does not load fetch's Response class
    // (undici, tens of milliseconds) that the hook tests answers against.
    compress: false,
    handler: async (request, reply) => {
      try {
        await app.database.ping();
        // Shutting down: still answering, but a load balancer should send nothing more here.
        if (app.isDraining()) {
          return reply.status(503).header("cache-control", "no-store").send({ status: "draining", db: "ok" });
        }
        return reply.header("cache-control", "no-store").send({ status: "ok", db: "ok" });
      } catch (error) {
        // A load balancer asks every second: an outage is logged once (and its end), not per check.
        if (isDatabaseUnavailable(error)) app.noteDatabaseUnavailable(error as Error);
        else request.log.error({ err: error }, "database health check failed");
        return reply
          .status(503)
          .header("cache-control", "no-store")
          .send({ status: "degraded", db: "unreachable" });
      }
    },
  });
};
