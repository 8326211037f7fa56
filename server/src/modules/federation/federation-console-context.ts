import type { FastifyInstance } from "fastify";
import type { FederationHandle } from "./federation.routes";

/** What the console's fediverse routes share: the admin check, and the running federation (404 when off). */
export interface ConsoleFediverseContext {
  admin: { onRequest: ReturnType<FastifyInstance["requireOperator"]> };
  running: () => FederationHandle;
}
