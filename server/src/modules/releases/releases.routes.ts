import { listNewReleases } from "@waveform/contracts/releases";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createReleasesRepository } from "./releases.repository";

export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const releases = createReleasesRepository(app.db);

  app.pageReads.route(app, listNewReleases, () => ({
    cacheKey: "music:new-releases",
    load: async () => listNewReleases.responses[200].parse({ albums: await releases.newestFirst() }),
  }));
};
