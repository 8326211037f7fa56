import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Music Podcasts">
      <NotYetAvailable what="Podcasts and their latest episodes" />
    </PageShell>
  );
}
