import { queryOptions } from "@tanstack/react-query";
import type { FediverseSubjectKind } from "@waveform/contracts/fediverse";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/fediverse");

/** The club's fediverse account (no show) or a club show's; `account` null when there is none. */
export const fediverseAccountQuery = (show?: string) =>
  queryOptions({
    queryKey: ["fediverse", "account", show ?? null],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).getFediverseAccount, { query: { show }, signal }),
  });

/** The post of an episode (its id), an issue (its slug) or a playlist (its id), and its approved replies. */
export const fediverseRepliesQuery = (kind: FediverseSubjectKind, id: string) =>
  queryOptions({
    queryKey: ["fediverse", "replies", kind, id],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).getFediverseReplies, { query: { kind, id }, signal }),
  });
