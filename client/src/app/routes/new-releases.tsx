import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="New Releases">
      <NotYetAvailable what="New releases" />
    </PageShell>
  );
}
