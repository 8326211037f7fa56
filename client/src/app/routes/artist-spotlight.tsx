import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Emerging Artists">
      <NotYetAvailable what="The artist spotlight" />
    </PageShell>
  );
}
