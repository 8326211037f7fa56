import { useParams } from "react-router";
import { fediverseRepliesQuery } from "../../features/fediverse";
import { IssuePage } from "../../features/newsletter-archive/issue-page";
import { archivedIssueQuery } from "../../features/newsletter-archive/newsletter-archive.queries";
import type { RouteQueries } from "../route-data";

export function Component() {
  const { slug = "" } = useParams();
  return <IssuePage key={slug} slug={slug} />;
}

export const queries: RouteQueries = ({ params }) => [
  archivedIssueQuery(params.slug ?? ""),
  fediverseRepliesQuery("issue", params.slug ?? ""),
];
