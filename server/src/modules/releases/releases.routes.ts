import { type Album, listNewReleases } from "@waveform/contracts/releases";
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { releases } from "../../db/schema";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { imageOrArt } from "../artwork/art-urls";

export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadAlbums = async (): Promise<Album[]> => {
    const rows = await app.db.select().from(releases).orderBy(desc(releases.releaseDate), desc(releases.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      artist: row.artist,
      imageUrl: imageOrArt(row.imageUrl, "album", row.slug),
      releaseDate: row.releaseDate,
      trackCount: row.trackCount,
      platform: row.platform as Album["platform"],
      externalUrl: row.externalUrl,
      isNew: row.isNew,
    }));
  };

  app.route({
    ...fromEndpoint(listNewReleases),
    handler: (request, reply) =>
      app.catalogueCache.send(request, reply, "music:new-releases", async () =>
        listNewReleases.responses[200].parse({ albums: await loadAlbums() }),
      ),
  });
};
