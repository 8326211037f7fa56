import { getCurrentAdvertisement } from "@waveform/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { createAdsRepository } from "./ads.repository";

export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ads = createAdsRepository(app.db);
  app.route({
    ...fromEndpoint(getCurrentAdvertisement),
    handler: async (_request, reply) => {
      const ad = await ads.current(new Date());
      reply.header("cache-control", "no-cache");
      if (!ad) return reply.status(204).send(null);
      // Parsing drops anything the contract refuses (a non-http call to action) as a 500, never a link.
      return reply.send(getCurrentAdvertisement.responses[200].parse(ad));
    },
  });
};
