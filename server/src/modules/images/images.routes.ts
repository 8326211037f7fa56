import { getSiteImage, SITE_IMAGE_NAMES } from "@waveform/contracts/images";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteImages } from "../../db/schema";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of SITE_IMAGE_NAMES) {
    const endpoint = getSiteImage(name);
    app.route({
      ...fromEndpoint(endpoint),
      handler: (request, reply) =>
        app.catalogueCache.send(request, reply, `image:${name}`, async () => {
          const [row] = await app.db.select().from(siteImages).where(eq(siteImages.name, name));
          if (!row) throw new HttpError(404, `No ${name} image is set`);
          return endpoint.responses[200].parse({ url: row.url });
        }),
    });
  }
};
