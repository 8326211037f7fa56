import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface HostCheckOptions {
  /** PUBLIC_URL: its host (with its port, or none for the scheme's default) is always accepted. */
  publicUrl: string;
  /** ALLOWED_HOSTS: more `host` (any port) or `host:port` names, lower case. */
  allowedHosts: string[];
  /**
   * Loopback names (localhost, 127.0.0.1, [::1]) on any port are accepted from loopback
   * connections always, and from any connection with this (PUBLIC_URL unset: a local server).
   */
  loopbackFromAnywhere?: boolean;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
const LOOPBACK_SOCKETS = /^(?:127\.|::1$|::ffff:127\.)/;

/** Whether a connection comes from this machine (the matcher's `fromLoopback`). */
export const fromLoopbackSocket = (socket: { remoteAddress?: string }) =>
  LOOPBACK_SOCKETS.test(socket.remoteAddress ?? "");
/** Load balancers check this path with whatever Host they like (often the backend's address). */
const EXEMPT_PATH = "/api/health";

export const MISDIRECTED_MESSAGE = "This server does not answer for that host name.";

type Verdict = "yes" | "loopback" | "no";

/** "Example.com:443" → ["example.com", "443"]; "[::1]:3000" → ["[::1]", "3000"]. */
function splitHost(host: string): [string, string] {
  const lower = host.toLowerCase();
  const colon = lower.lastIndexOf(":");
  if (colon < 0 || lower.endsWith("]")) return [lower, ""];
  return [lower.slice(0, colon), lower.slice(colon + 1)];
}

/** Decides, per Host header value, whether this server answers for it (see hostCheckPlugin). */
export function createHostMatcher(options: HostCheckOptions) {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  const publicUrl = new URL(options.publicUrl);
  const defaultPort = publicUrl.protocol === "https:" ? "443" : "80";
  exact.add(`${publicUrl.hostname}:${publicUrl.port || defaultPort}`);
  if (!publicUrl.port) exact.add(`${publicUrl.hostname}:`);
  for (const entry of options.allowedHosts) {
    const [name, port] = splitHost(entry);
    if (port) exact.add(`${name}:${port}`);
    else anyPort.add(name);
  }
  const classify = (host: string): Verdict => {
    const [name, port] = splitHost(host);
    if (anyPort.has(name) || exact.has(`${name}:${port}`)) return "yes";
    return LOOPBACK_NAMES.has(name) ? "loopback" : "no";
  };
  // Every request asks: the answers for the few Host values a site sees are remembered.
  const verdicts = new Map<string, Verdict>();
  return (host: string | undefined, fromLoopback: () => boolean): boolean => {
    if (host === undefined) return false;
    let verdict = verdicts.get(host);
    if (verdict === undefined) {
      verdict = classify(host);
      if (verdicts.size >= 1000) verdicts.clear();
      verdicts.set(host, verdict);
    }
    if (verdict !== "loopback") return verdict === "yes";
    // Loopback names from a loopback connection: `npm start`, the e2e tests and local tools reach
    // the server as 127.0.0.1:PORT or localhost:PORT whatever PUBLIC_URL says. A DNS rebinding
    // page uses its own name, never these.
    return options.loopbackFromAnywhere === true || fromLoopback();
  };
}

/**
 * Requests whose Host is not this site's answer 421 Misdirected Request (RFC 9110 §15.5.20):
 * guards against DNS rebinding and against a stranger's name pointed at the servers. The site
 * never builds a link from the Host header (links use PUBLIC_URL), so this is the whole check.
 * /api/health answers whatever the Host, for load balancers.
 */
export const hostCheckPlugin = fp(
  async (app: FastifyInstance, options: HostCheckOptions) => {
    const accepts = createHostMatcher(options);
    app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done) => {
      const fromLoopback = () => fromLoopbackSocket(request.socket);
      if (accepts(request.headers.host, fromLoopback)) return done();
      const path = request.url.split("?", 1)[0]?.replace(/\/+$/, "");
      if (path === EXEMPT_PATH) return done();
      reply.status(421).header("cache-control", "no-store").send({ error: MISDIRECTED_MESSAGE });
    });
  },
  { name: "host-check" },
);
