import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface SecurityOptions {
  publicUrl: string;
  /** CSP hashes ('sha256-…') of the inline scripts of the built index.html. */
  inlineScriptHashes: string[];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** True when the browser tells us the request comes from another site than ours. */
export function isCrossSite(headers: Record<string, unknown>, publicOrigin: string): boolean {
  const fetchSite = headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") {
    return true;
  }
  const origin = headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    const host = headers.host;
    const sameHost =
      typeof host === "string" && (origin === `http://${host}` || origin === `https://${host}`);
    return origin !== publicOrigin && !sameHost;
  }
  return origin === "null";
}

/** Security headers with a CSP the built app satisfies, compression, and cross-site POST refusal. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const https = options.publicUrl.startsWith("https:");
    const publicOrigin = new URL(options.publicUrl).origin;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...options.inlineScriptHashes.map((hash) => `'${hash}'`)],
          // Toast and popover libraries insert <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", "https:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    await app.register(compress, { threshold: 1024, encodings: ["br", "gzip", "deflate"] });
    app.addHook("onRequest", async (request, reply) => {
      if (STATE_CHANGING.has(request.method) && isCrossSite(request.headers, publicOrigin)) {
        return reply.status(403).send({ error: "Cross-site requests are not allowed" });
      }
    });
  },
  { name: "security" },
);
