import { useQuery } from "@tanstack/react-query";
import { BUILT_BY_SERVER } from "../../components/layout/page-head";
import { PageShell } from "../../components/layout/page-shell";
import { AllNewReleases } from "../../features/releases/new-releases-section";
import { newReleasesQuery } from "../../features/releases/releases.queries";
import { paths } from "../../lib/paths";
import { albumList, homeBreadcrumbs } from "../../lib/structured-data";
import type { RouteQueries } from "../route-data";

/** /new-releases and /releases: the albums our editors are following, newest first. */
export function Component() {
  // The list's own query (cached): the albums' JSON-LD once they are here.
  const { data: albums } = useQuery(newReleasesQuery);
  return (
    <PageShell
      title="New Releases"
      canonicalPath={paths.newReleases}
      structuredData={
        import.meta.env.SSR
          ? [...(albums ? [albumList(albums)] : []), homeBreadcrumbs("New Releases", paths.newReleases)]
          : BUILT_BY_SERVER
      }
      lead="Fresh albums and EPs from the artists we follow, newest first."
    >
      <AllNewReleases />
    </PageShell>
  );
}

export const queries: RouteQueries = () => [newReleasesQuery];
