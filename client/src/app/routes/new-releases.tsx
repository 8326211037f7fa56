import { PageShell } from "../../components/layout/page-shell";
import { AllNewReleases } from "../../features/releases/new-releases-section";
import { paths } from "../../lib/paths";

/** /new-releases and /releases: the albums our editors are following, newest first. */
export function Component() {
  return (
    <PageShell
      title="New Releases"
      canonicalPath={paths.newReleases}
      lead="Fresh albums and EPs from the artists we follow, newest first."
    >
      <AllNewReleases />
    </PageShell>
  );
}
