import { PageShell } from "../../components/layout/page-shell";
import { ChartTabs } from "../../features/charts/chart-tabs";

export function Component() {
  return (
    <PageShell
      title="Music Charts - 2025"
      lead="Real-time charts that aggregate streams across several platforms, updated daily."
    >
      <ChartTabs />
    </PageShell>
  );
}
