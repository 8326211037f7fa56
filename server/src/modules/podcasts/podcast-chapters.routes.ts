import { getEpisodeChapters } from "@waveform/contracts/podcast-pages";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { HttpError } from "../../plugins/errors";
import { storedChapters } from "../podcast-timed-text/index";

/**
 * How long a browser (and the service worker's copy) may reuse the chapters before asking again
 * with the ETag. They change only when the hourly feed refresh reads a new chapters address, and
 * the episode page's own answer (which lists them) lives 60 s: five minutes keeps the player close
 * to the page without a request each time an episode is played.
 */
export const EPISODE_CHAPTERS_MAX_AGE_S = 300;

/**
 * GET /api/podcasts/episodes/:episode/chapters: a web show's episode's chapters as the feed refresh
 * stored them (decision 0027), as a JSON chapters file (`application/json+chapters`, like the
 * club's own files): the player reads chapters from this site only (the CSP). 404 when none are
 * stored from the address the episode's feed links now (storedTimedText's rule). Kept in the
 * catalogue cache, which the refresh drops when it stores chapters; answered with an ETag.
 */
export const podcastChaptersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(getEpisodeChapters),
    handler: async (request, typedReply) => {
      // The body is sent as the cached string (and 304 without one): not the schema's typed reply.
      const reply = typedReply as FastifyReply;
      const id = Number(request.params.episode);
      const body = await app.catalogueCache.read(`episode-chapters:${id}`, async () => {
        const chapters = await storedChapters(app.db, id);
        return chapters && getEpisodeChapters.responses[200].parse({ version: "1.2.0", chapters });
      });
      if (body === "null") throw new HttpError(404, "This episode has no chapters stored");
      const etag = etagFor(body);
      reply.headers({
        etag,
        "cache-control": `public, max-age=${EPISODE_CHAPTERS_MAX_AGE_S}, must-revalidate`,
      });
      if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
      // A string with a JSON type goes out as it is (checked against the contract when loaded).
      return reply.type("application/json+chapters; charset=utf-8").send(body);
    },
  });
};
