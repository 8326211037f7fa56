import { queryOptions } from "@tanstack/react-query";
import type { AddPodcastFeedInput, PodcastFlagsInput } from "@waveform/contracts/console-podcasts";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/console-podcasts");

export const consolePodcastsQuery = queryOptions({
  queryKey: ["console", "podcasts"],
  queryFn: async ({ signal }) =>
    (await apiRequest((await contract()).listConsolePodcasts, { signal })).podcasts,
});

export const addPodcastFeed = async (body: AddPodcastFeedInput) =>
  apiRequest((await contract()).addConsolePodcast, { body });

export const refreshPodcastFeed = async (id: number) =>
  apiRequest((await contract()).refreshConsolePodcast, { params: { id } });

export const setPodcastFlags = async (id: number, body: PodcastFlagsInput) =>
  apiRequest((await contract()).updateConsolePodcastFlags, { params: { id }, body });
