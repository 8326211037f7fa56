import { isIP } from "node:net";
import * as z from "zod";

/** Names proxy-addr (Fastify's trustProxy) understands for whole ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** The variables for several servers on one database (decision 0014), as EnvSchema fields. */
export const scaleOutEnvShape = {
  // Off: request.ip is the connection's address. `true` trusts every X-Forwarded-For hop (only
  // behind a proxy that every request passes), or a comma-separated list of the proxies' addresses
  // / CIDR ranges (or loopback, linklocal, uniquelocal). Not a hop count: Fastify 5.12 trusts no
  // hop at all for a number (a hop count cannot check who sent the header), so it is refused.
  TRUST_PROXY: z
    .string()
    .transform((value, context): boolean | string[] => {
      const text = value.trim().toLowerCase();
      if (text === "true" || text === "false") return text === "true";
      if (/^\d+$/.test(text)) {
        context.addIssue({
          code: "custom",
          message:
            "a hop count is not supported (Fastify ignores it): list the proxies' addresses, e.g. 127.0.0.1 or loopback",
        });
        return z.NEVER;
      }
      const entries = text.split(",").map((entry) => entry.trim());
      const bad = entries.find((entry) => !isAddressOrRange(entry));
      if (bad !== undefined) {
        context.addIssue({
          code: "custom",
          message: `must be true, false or addresses/CIDR ranges separated by commas ("${bad}" is none of them)`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
  // Host names (optionally host:port) accepted besides PUBLIC_URL's host; others answer 421.
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, "must be host or host:port names"),
      ),
    )
    .optional(),
  // memory: each server counts alone; database: counters in rate_limit_hits, shared by every
  // server on the database. Default: database on PostgreSQL, memory on PGlite (one process).
  RATE_LIMIT_STORE: z.enum(["memory", "database"]).optional(),
  // The hourly refresh of due podcast web feeds. Default on, except under NODE_ENV=test.
  FEED_REFRESH: z.enum(["on", "off"]).optional(),
} as const;

export interface ScaleOutConfig {
  /** Fastify's trustProxy: false, true or the proxies' addresses / ranges. */
  trustProxy: boolean | string[];
  /** Host header values accepted besides PUBLIC_URL's host (lower case; host or host:port). */
  allowedHosts: string[];
  /**
   * Whether loopback Host names (localhost, 127.0.0.1, [::1]) are accepted from any connection:
   * when PUBLIC_URL is unset (a local server). Otherwise only from loopback connections.
   */
  loopbackHostsFromAnywhere: boolean;
  rateLimitStore: "memory" | "database";
  feedRefresh: boolean;
}

type ScaleOutEnv = {
  TRUST_PROXY?: boolean | string[] | undefined;
  ALLOWED_HOSTS?: string[] | undefined;
  RATE_LIMIT_STORE?: "memory" | "database" | undefined;
  FEED_REFRESH?: "on" | "off" | undefined;
};

export function scaleOutConfig(
  env: ScaleOutEnv,
  context: { nodeEnv: string; database: "pglite" | "postgres"; publicUrlSet: boolean },
): ScaleOutConfig {
  return {
    trustProxy: env.TRUST_PROXY ?? false,
    allowedHosts: env.ALLOWED_HOSTS ?? [],
    loopbackHostsFromAnywhere: !context.publicUrlSet,
    rateLimitStore: env.RATE_LIMIT_STORE ?? (context.database === "postgres" ? "database" : "memory"),
    feedRefresh: (env.FEED_REFRESH ?? (context.nodeEnv === "test" ? "off" : "on")) === "on",
  };
}
