import { createConsoleAd, endConsoleAd, listConsoleAds } from "@waveform/contracts/console-ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf } from "../audit/index";
import { createConsoleAdsRepository } from "./ads-console.repository";

/**
 * The console's advertisements (admins only, issue 18). Writes go through the repository the admin
 * CLI uses; afterwards this server drops its cached pages and answers at once (the repository has
 * already told the other servers, at commit).
 */
export const adsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const ads = createConsoleAdsRepository(app.db);
  const admin = { onRequest: app.requireOperator("admin") };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.route({
    ...fromEndpoint(listConsoleAds),
    ...admin,
    handler: async () => ({ ads: await ads.list() }),
  });

  app.route({
    ...fromEndpoint(createConsoleAd),
    ...admin,
    handler: async (request, reply) => {
      const input = request.body;
      const ad = await ads.schedule(actorOf(request), {
        ...input,
        imageUrl: input.imageUrl || null,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
      });
      app.catalogueCache.clear();
      return reply.code(201).send({ ad });
    },
  });

  app.route({
    ...fromEndpoint(endConsoleAd),
    ...admin,
    handler: async (request) => {
      const ad = await ads.end(actorOf(request), request.params.id);
      if (!ad) throw new HttpError(404, "There is no such advertisement.");
      app.catalogueCache.clear();
      return { ad };
    },
  });
};
