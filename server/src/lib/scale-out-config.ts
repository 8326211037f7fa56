import { isIP } from "node:net";
import * as z from "zod";
import { envDoc } from "./env-doc";

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
    .optional()
    .meta(
      envDoc(
        "The server and its addresses",
        "Behind a reverse proxy, whose `X-Forwarded-For` to believe, so that rate limits see the visitor's address: `true` trusts every hop (only when all traffic passes the proxy), or the proxies' addresses and CIDR ranges, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `loopback`, `linklocal`, `uniquelocal`). A hop count is refused: Fastify trusts no hop at all for a number, since a count cannot check who sent the header.",
        "no proxy is trusted: a request's address is the connection's.",
      ),
    ),
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
    .optional()
    .meta(
      envDoc(
        "The server and its addresses",
        "More host names answered besides `PUBLIC_URL`'s host, comma-separated: `name` for any port, `name:port` for one. Any other `Host` gets 421 Misdirected Request (JSON), except `/api/health`, which answers load balancers whatever the `Host`. `localhost`, `127.0.0.1` and `[::1]` are answered from the machine itself, and from anywhere when `PUBLIC_URL` is unset.",
        "only `PUBLIC_URL`'s host (and the loopback names).",
      ),
    ),
  RATE_LIMIT_STORE: z
    .enum(["memory", "database"])
    .optional()
    .meta(
      envDoc(
        "Database",
        "Where rate-limit counters live: `database` (table `rate_limit_hits`, one row per client, an upsert for the requests that arrive together; every server on the database shares the limit) or `memory` (this process only; right for PGlite's one server). Clients are keyed by address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by /64 (decision 0014).",
        "`database` with `DATABASE_URL`, else `memory`.",
      ),
    ),
  FEED_REFRESH: z
    .enum(["on", "off"])
    .optional()
    .meta(
      envDoc(
        "Podcast feeds",
        "`on`/`off`: every hour one server re-reads the podcast web feeds that are due (as `npm run podcasts -- refresh` chooses them; the club's own shows are never fetched), then the chapters and transcripts their new episodes link.",
        "`on`, except `off` under `NODE_ENV=test`.",
      ),
    ),
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
