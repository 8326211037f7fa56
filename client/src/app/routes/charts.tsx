import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Music Charts - 2025">
      <NotYetAvailable what="The weekly, monthly and yearly charts" />
    </PageShell>
  );
}
