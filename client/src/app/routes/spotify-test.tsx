import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Spotify Connection Test">
      <NotYetAvailable what="The Spotify connection test" />
    </PageShell>
  );
}
