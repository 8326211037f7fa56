import { BUILT_BY_SERVER } from "../../components/layout/page-head";
import { PageShell } from "../../components/layout/page-shell";
import { ChartTabs } from "../../features/charts/chart-tabs";
import { CHART_PERIOD_LABELS, charts } from "../../features/charts/charts.data";
import { paths } from "../../lib/paths";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { chartList } from "../../lib/structured-data-editorial";

export function Component() {
  return (
    <PageShell
      title="Music Charts - 2025"
      lead="Real-time charts that aggregate streams across several platforms, updated daily."
      structuredData={
        import.meta.env.SSR
          ? [
              // The chart the page opens on (ChartTabs starts on the weekly one).
              chartList(`${CHART_PERIOD_LABELS.weekly} Chart`, charts.weekly),
              homeBreadcrumbs("Music Charts - 2025", paths.charts),
            ]
          : BUILT_BY_SERVER
      }
    >
      <ChartTabs />
    </PageShell>
  );
}
