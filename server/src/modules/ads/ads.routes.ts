import { getCurrentAdvertisement } from "@waveform/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAdsRepository } from "./ads.repository";

export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ads = createAdsRepository(app.db);
  // Not cached: a schedule's start and end take effect at once. No advertisement: 204.
  app.pageReads.route(app, getCurrentAdvertisement, () => ({
    load: async () => {
      const ad = await ads.current(new Date());
      // Parsing drops anything the contract refuses (a non-http call to action) as a 500, never a link.
      return ad ? getCurrentAdvertisement.responses[200].parse(ad) : null;
    },
  }));
};
