import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { databaseRateLimitStore } from "../stores/rate-limit-store";

interface RateLimitOptions {
  /** database: counters shared by every server on the database; memory: this process only. */
  store: "memory" | "database";
}

/** A limit several routes count against together: requests per window. */
interface SharedLimit {
  max: number;
  timeWindow: string | number;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The onRequest hook of the limit named `name`: every route given it counts against one counter
     * per visitor (a route's own `config.rateLimit` counts that route alone). The first call for a
     * name sets its limit; later calls get the same hook.
     */
    sharedRateLimit(name: string, limit: SharedLimit): onRequestHookHandler;
  }
}

/** The visitor's bucket, as the plugin's default key (see below). */
export const IPV6_SUBNET = 64;

/**
 * @fastify/rate-limit for the routes that ask for it (`config: { rateLimit }`, or a shared limit's
 * hook), keyed by the visitor's address as Fastify sees it (TRUST_PROXY): an IPv4 address, an
 * IPv4-mapped IPv6 address as IPv4, any other IPv6 address by its /64 (one household or host gets
 * one /64).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: false,
      ipv6Subnet: IPV6_SUBNET,
      ...(options.store === "database" && { store: databaseRateLimitStore(app.db) }),
    });
    // One limiter (one store) per name: @fastify/rate-limit gives each route's config its own
    // counters, even with the same groupId.
    const shared = new Map<string, onRequestHookHandler>();
    app.decorate("sharedRateLimit", (name: string, limit: SharedLimit) => {
      let hook = shared.get(name);
      if (!hook) {
        // Named in the key: the database store keys every such limiter's counters alike.
        const keyGenerator = (request: { ip: string }) => `${name} ${normalizeIP(request.ip, IPV6_SUBNET)}`;
        hook = app.rateLimit({ ...limit, keyGenerator }) as onRequestHookHandler;
        shared.set(name, hook);
      }
      return hook;
    });
  },
  { name: "rate-limit", dependencies: ["db"] },
);
