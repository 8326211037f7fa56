import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Streaming Partners">
      <NotYetAvailable what="Our streaming partners" />
    </PageShell>
  );
}
