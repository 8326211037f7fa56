import { queryOptions } from "@tanstack/react-query";
import type { BlockTarget, ClubHandleInput } from "@waveform/contracts/fediverse-console";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/fediverse-console");

/** Every query of the section starts with this key: a decision refreshes them all. */
export const FEDIVERSE_KEY = ["console", "fediverse"] as const;

export const fediverseOverviewQuery = queryOptions({
  queryKey: [...FEDIVERSE_KEY, "overview"],
  queryFn: async ({ signal }) => apiRequest((await contract()).getFediverseOverview, { signal }),
});

export const fediverseFollowersQuery = (account: string, page: number) =>
  queryOptions({
    queryKey: [...FEDIVERSE_KEY, "followers", account, page],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).listFediverseFollowers, { query: { account, page }, signal }),
  });

export const fediverseCommentsQuery = queryOptions({
  queryKey: [...FEDIVERSE_KEY, "comments", "pending"],
  queryFn: async ({ signal }) =>
    apiRequest((await contract()).listFediverseComments, { query: { state: "pending" }, signal }),
});

export const fediverseBlocksQuery = queryOptions({
  queryKey: [...FEDIVERSE_KEY, "blocks"],
  queryFn: async ({ signal }) =>
    (await apiRequest((await contract()).listFediverseBlocks, { signal })).blocks,
});

export const fediverseDeliveriesQuery = queryOptions({
  queryKey: [...FEDIVERSE_KEY, "deliveries"],
  queryFn: async ({ signal }) => apiRequest((await contract()).getFediverseDeliveries, { signal }),
});

export const approveFollower = async (id: number) =>
  apiRequest((await contract()).approveFediverseFollower, { params: { id } });

export const removeFollower = async (id: number) =>
  apiRequest((await contract()).removeFediverseFollower, { params: { id } });

export const setApproval = async (identifier: string, manuallyApproves: boolean) =>
  apiRequest((await contract()).setFediverseApproval, {
    params: { identifier },
    body: { manuallyApproves },
  });

export const setClubHandle = async (body: ClubHandleInput) =>
  apiRequest((await contract()).setFediverseClubHandle, { body });

export const moderateComment = async (id: number, state: "approved" | "hidden") =>
  apiRequest((await contract()).moderateFediverseComment, { params: { id }, body: { state } });

export const addBlock = async (body: BlockTarget) =>
  apiRequest((await contract()).addFediverseBlock, { body });

export const removeBlock = async (target: BlockTarget) =>
  apiRequest((await contract()).removeFediverseBlock, { query: target });

export const retryDeliveries = async (instance: string) =>
  apiRequest((await contract()).retryFediverseDeliveries, { body: { instance } });
