import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Playlists">
      <NotYetAvailable what="Curated playlists" />
    </PageShell>
  );
}
