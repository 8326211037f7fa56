import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Music Hub">
      <NotYetAvailable what="Featured playlists, new releases and your Spotify connection" />
    </PageShell>
  );
}
