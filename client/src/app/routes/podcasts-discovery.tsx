import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Podcast Discovery">
      <NotYetAvailable what="Music podcasts across platforms" />
    </PageShell>
  );
}
