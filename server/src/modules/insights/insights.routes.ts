import {
  getMostPlayed,
  getTrending,
  INSIGHT_BODY_MAX_BYTES,
  postInsightEvents,
  recordAdClickPing,
} from "@waveform/contracts/insights";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";

const PUBLIC_CACHE = "public, max-age=300";

/**
 * The beacon (`POST /api/insights/events`: JSON sent as application/json or as sendBeacon's
 * text/plain), the sponsor link's ping, and what visitors see: trending and a show's most played.
 * The beacon and the ping answer 204 whether or not they counted (DNT, GPC, bots) and set no cookie.
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.route({
    ...fromEndpoint(postInsightEvents),
    bodyLimit: INSIGHT_BODY_MAX_BYTES,
    handler: async (request, reply) => {
      app.insights.events(request, request.body);
      return reply.code(204).header("cache-control", "no-store").send(null);
    },
  });

  app.route({
    ...fromEndpoint(recordAdClickPing),
    bodyLimit: 1024,
    handler: async (request, reply) => {
      app.insights.adClick(request, request.params.adId);
      return reply.code(204).header("cache-control", "no-store").send(null);
    },
  });

  app.route({
    ...fromEndpoint(getTrending),
    handler: async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return app.insights.repository.trending(app.insights.now());
    },
  });

  app.route({
    ...fromEndpoint(getMostPlayed),
    handler: async (request, reply) => {
      const found = await app.insights.repository.mostPlayed(request.params.show, app.insights.now());
      if (!found) throw new HttpError(404, "Show not found");
      reply.header("cache-control", PUBLIC_CACHE);
      return found;
    },
  });
};
