import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const KEPT_PRIVATE = /\b(private|no-store)\b/i;

/**
 * Every answer that sets a cookie is `Cache-Control: private, no-store` unless it already says one
 * of them (decision 0026). A browser hides Set-Cookie from a service worker, so this is how the
 * site's worker (client/src/features/offline/sw-routing.ts `mayStore`) knows never to keep such an
 * answer, and no shared cache keeps one either. Registered after the cookie plugin, whose onSend
 * hook writes the header.
 */
export const noStoreCookiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.getHeader("set-cookie") === undefined) return payload;
      const cacheControl = reply.getHeader("cache-control");
      if (typeof cacheControl === "string" && KEPT_PRIVATE.test(cacheControl)) return payload;
      reply.header("cache-control", "private, no-store");
      return payload;
    });
  },
  { name: "no-store-cookies" },
);
