import { listNewReleases } from "@waveform/contracts/releases";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { createReleasesRepository } from "./releases.repository";

export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const releases = createReleasesRepository(app.db);

  app.route({
    ...fromEndpoint(listNewReleases),
    handler: (request, reply) =>
      app.catalogueCache.send(request, reply, "music:new-releases", async () =>
        listNewReleases.responses[200].parse({ albums: await releases.newestFirst() }),
      ),
  });
};
