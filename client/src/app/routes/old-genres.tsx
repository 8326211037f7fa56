import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Explore Genres">
      <NotYetAvailable what="The genre grid" />
    </PageShell>
  );
}
