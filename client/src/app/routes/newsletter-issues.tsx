import { ArchivePage } from "../../features/newsletter-archive/archive-page";
import { archivedIssuesQuery } from "../../features/newsletter-archive/newsletter-archive.queries";
import type { RouteQueries } from "../route-data";

export function Component() {
  return <ArchivePage />;
}

export const queries: RouteQueries = () => [archivedIssuesQuery];
