import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const pagesContract = () => import("@waveform/contracts/podcast-pages");

/** A show and the page of its episodes that starts at `offset` (newest first). */
export const showPageQuery = (slug: string, offset = 0) =>
  queryOptions({
    queryKey: ["podcasts", "show", slug, offset],
    queryFn: async ({ signal }) =>
      apiRequest((await pagesContract()).getShowPage, {
        params: { show: slug },
        query: { offset: offset > 0 ? offset : undefined },
        signal,
      }),
  });

/** One episode of a show, with its show notes and neighbours. */
export const episodePageQuery = (slug: string, episode: string) =>
  queryOptions({
    queryKey: ["podcasts", "episode", slug, episode],
    queryFn: async ({ signal }) =>
      apiRequest((await pagesContract()).getEpisodePage, { params: { show: slug, episode }, signal }),
  });
