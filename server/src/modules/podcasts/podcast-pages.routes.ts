import { getEpisodePage, getShowPage, SHOW_EPISODES_PAGE_SIZE } from "@waveform/contracts/podcast-pages";
import { isRowId } from "@waveform/contracts/row-id";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors";
import { createPodcastPagesRepository } from "./podcast-pages.repository";

/** The show and episode pages' reads; an unknown show or episode is a 404 (and so is its page). */
export const podcastPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = createPodcastPagesRepository(app.db);
  const reads = app.pageReads;

  reads.route(app, getShowPage, ({ params, query }) => {
    const offset = query.offset ?? 0;
    return {
      cacheKey: `podcast-show:${params.show}:${offset}`,
      load: async () => {
        const page = await pages.showPage(params.show, offset, SHOW_EPISODES_PAGE_SIZE);
        if (!page) throw new HttpError(404, "Show not found");
        return getShowPage.responses[200].parse(page);
      },
    };
  });

  reads.route(app, getEpisodePage, ({ params }) => {
    // Not an id a row can have (`abc`, `1e3`, above the id column's range): no such episode.
    const id = isRowId(params.episode) ? Number(params.episode) : null;
    return {
      cacheKey: `podcast-episode:${params.show}:${id}`,
      load: async () => {
        const page = id !== null ? await pages.episodePage(params.show, id) : undefined;
        if (!page) throw new HttpError(404, "Episode not found");
        return getEpisodePage.responses[200].parse(page);
      },
    };
  });
};
