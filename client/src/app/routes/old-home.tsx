import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Discover Your Next Favorite Sound">
      <NotYetAvailable what="Artist spotlights, DJ resources and this week's picks" />
    </PageShell>
  );
}
