import { useQuery } from "@tanstack/react-query";
import { SectionHeading } from "../../components/media/section-heading";
import { paths } from "../../lib/paths";
import { AlbumGrid } from "./album-grid";
import { newReleasesQuery } from "./releases.queries";

/** The music hub's 'New Releases': the newest few albums and 'View all'. */
export function NewReleasesSection({ limit = 4 }: { limit?: number }) {
  const result = useQuery(newReleasesQuery);
  return (
    <section aria-labelledby="new-releases-heading" aria-busy={result.isPending}>
      <SectionHeading
        id="new-releases-heading"
        title="New Releases"
        link={{ to: paths.newReleases, label: "View all" }}
      />
      <AlbumGrid result={result} limit={limit} skeletons={limit} />
    </section>
  );
}

/** The New Releases page's list: every album, newest first. */
export function AllNewReleases() {
  const result = useQuery(newReleasesQuery);
  return (
    <section aria-labelledby="all-releases-heading" className="mt-8" aria-busy={result.isPending}>
      {/* The albums' titles are h3s: the list gets its own heading in the outline. */}
      <h2 id="all-releases-heading" className="sr-only">
        All releases
      </h2>
      <AlbumGrid result={result} skeletons={8} className="md:grid-cols-3" />
    </section>
  );
}
