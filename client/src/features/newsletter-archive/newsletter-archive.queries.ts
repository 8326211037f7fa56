import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/newsletter-archive");

/** Published issues, newest first. */
export const archivedIssuesQuery = queryOptions({
  queryKey: ["newsletter", "issues"],
  queryFn: async ({ signal }) => apiRequest((await contract()).listArchivedIssues, { signal }),
});

/** One published issue with its page's HTML; 404 for unknown slugs and drafts. */
export const archivedIssueQuery = (slug: string) =>
  queryOptions({
    queryKey: ["newsletter", "issue", slug],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).getArchivedIssue, { params: { slug }, signal }),
  });
