import { hash, randomBytes } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import {
  getMostPlayed,
  getTrending,
  INSIGHT_BEACONS_PER_MINUTE,
  INSIGHT_BODY_MAX_BYTES,
  postInsightEvents,
  recordAdClickPing,
} from "@waveform/contracts/insights";
import type { onRequestHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { IPV6_SUBNET } from "../../plugins/rate-limit";
import { utcDay } from "./daily-salts";

/** Trending and most played are read from the database at most this often per server. */
const MEMO_MS = 60_000;
const MEMO_MAX = 500;

/** `read(key)`'s answer, kept MEMO_MS per key (the MEMO_MAX most recent keys). */
function memo<T>(read: (key: string) => Promise<T>, now: () => number) {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string): Promise<T> => {
    const hit = kept.get(key);
    if (hit && now() - hit.at < MEMO_MS) return hit.value;
    const value = read(key);
    value.catch(() => kept.delete(key));
    kept.delete(key);
    kept.set(key, { at: now(), value });
    if (kept.size > MEMO_MAX) kept.delete(kept.keys().next().value as string);
    return value;
  };
}

/**
 * The beacon (`POST /api/insights/events`: JSON sent as application/json or as sendBeacon's
 * text/plain), the sponsor link's ping, and what visitors see: trending and a show's most played.
 * The beacon and the ping answer 204 whether or not they counted (DNT, GPC, bots) and set no cookie.
 * Trending and most played are kept a minute per server (and five minutes in browsers).
 */
interface InsightsRoutesOptions {
  /** INSIGHTS_BEACONS_PER_MINUTE: beacons and ad pings one address may send a minute. */
  beaconsPerMinute?: number;
}

export const insightsRoutes: FastifyPluginAsyncZod<InsightsRoutesOptions> = async (app, options) => {
  const { insights } = app;
  const trending = memo(() => insights.repository.trending(insights.now()), insights.now);
  const mostPlayed = memo((show) => insights.repository.mostPlayed(show, insights.now()), insights.now);
  // In this plugin's scope only: text/plain bodies are the beacon's JSON; a ping's body is ignored.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, "The body must be JSON"), undefined);
    }
  });
  app.addContentTypeParser("text/ping", { parseAs: "string" }, (_request, _body, done) =>
    done(null, undefined),
  );
  // One budget per address for the beacon and the ping together (issue 43: one client sent 1,145
  // beacons a second): the project's limiter, in memory on one server, shared through the database
  // on PostgreSQL (RATE_LIMIT_STORE). Its key is the address hashed with the day's salt, which every
  // server shares, so the shared counter holds no address that outlives the salt (before the salt
  // is read, a secret of this process: that server's own counter until then).
  const processSecret = randomBytes(32).toString("hex");
  const budget = app.rateLimit({
    max: options.beaconsPerMinute ?? INSIGHT_BEACONS_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (request) => {
      const salt = insights.recorder.salts.get(utcDay(insights.now())) ?? processSecret;
      const address = normalizeIP(request.ip, IPV6_SUBNET);
      return `insights-beacon ${hash("sha256", `${salt}\n${address}`).slice(0, 32)}`;
    },
  }) as onRequestHookHandler;

  app.route({
    ...fromEndpoint(postInsightEvents),
    bodyLimit: INSIGHT_BODY_MAX_BYTES,
    onRequest: budget,
    handler: async (request, reply) => {
      app.insights.events(request, request.body);
      return reply.code(204).header("cache-control", "no-store").send(null);
    },
  });

  app.route({
    ...fromEndpoint(recordAdClickPing),
    bodyLimit: 1024,
    onRequest: budget,
    handler: async (request, reply) => {
      app.insights.adClick(request, request.params.adId);
      return reply.code(204).header("cache-control", "no-store").send(null);
    },
  });

  // Page reads (decision 0021): the music hub and a show's page are rendered with them.
  app.pageReads.route(app, getTrending, () => ({ load: () => trending("") }));
  app.pageReads.route(app, getMostPlayed, ({ params }) => ({
    load: async () => {
      const found = await mostPlayed(params.show);
      if (!found) throw new HttpError(404, "Show not found");
      return found;
    },
  }));
};
