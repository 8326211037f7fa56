import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { databaseRateLimitStore } from "./rate-limit-store";

export interface RateLimitOptions {
  /** database: counters shared by every server on the database; memory: this process only. */
  store: "memory" | "database";
}

/**
 * @fastify/rate-limit for the routes that ask for it (`config: { rateLimit }`), keyed by the
 * visitor's address as Fastify sees it (TRUST_PROXY): an IPv4 address, an IPv4-mapped IPv6
 * address as IPv4, any other IPv6 address by its /64 (one household or host gets one /64).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: false,
      ipv6Subnet: 64,
      ...(options.store === "database" && { store: databaseRateLimitStore(app.db) }),
    });
  },
  { name: "rate-limit", dependencies: ["db"] },
);
