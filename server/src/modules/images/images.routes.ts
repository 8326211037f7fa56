import { getSiteImage, SITE_IMAGE_NAMES } from "@waveform/contracts/images";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors";
import { createImagesRepository } from "./images.repository";

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = createImagesRepository(app.db);
  for (const name of SITE_IMAGE_NAMES) {
    const endpoint = getSiteImage(name);
    app.pageReads.route(app, endpoint, () => ({
      cacheKey: `image:${name}`,
      load: async () => {
        const url = await images.url(name);
        if (url === null) throw new HttpError(404, `No ${name} image is set`);
        return endpoint.responses[200].parse({ url });
      },
    }));
  }
};
