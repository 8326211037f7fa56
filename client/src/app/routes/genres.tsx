import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

export function Component() {
  return (
    <PageShell title="Genre Explorer">
      <NotYetAvailable what="The genre explorer" />
    </PageShell>
  );
}
