import { PageShell } from "../../components/layout/page-shell";
import { PodcastDiscovery } from "../../features/podcasts/podcast-discovery";

export function Component() {
  return (
    <PageShell
      title="Podcast Discovery"
      lead="Find your next favourite music podcast on the platform you already use."
    >
      <PodcastDiscovery />
    </PageShell>
  );
}
