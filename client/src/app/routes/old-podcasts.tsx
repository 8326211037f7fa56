import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";
import { siteConfig } from "../../lib/site-config";

export function Component() {
  return (
    <PageShell title={`${siteConfig.shortName} Podcasts`}>
      <NotYetAvailable what="Our podcast episodes" />
    </PageShell>
  );
}
