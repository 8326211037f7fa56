import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Playlist">
      <NotYetAvailable what="This playlist's tracks" />
    </PageShell>
  );
}
