import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";
import { siteConfig } from "../../lib/site-config";

export function Component() {
  return (
    <PageShell title={`About ${siteConfig.name}`}>
      <NotYetAvailable what="Our story and team" />
    </PageShell>
  );
}
