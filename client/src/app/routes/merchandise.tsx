import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Merchandise">
      <NotYetAvailable what="The merchandise shop" />
    </PageShell>
  );
}
