import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Playlist Creator">
      <NotYetAvailable what="Playlist creation with your Spotify account" />
    </PageShell>
  );
}
