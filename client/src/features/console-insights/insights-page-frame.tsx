import type { InsightReportDays, InsightsReport } from "@waveform/contracts/insights";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { formatCount } from "./chart-data";
import { insightsCsvPath, PERIODS } from "./insights.queries";

// The insights page's frame: the period switch with the CSV link, the totals, and its parts.

/** 7, 30 or 90 days: links, so each period has its own address and works before hydration. */
export function PeriodSwitch({ days }: { days: InsightReportDays }) {
  return (
    <nav aria-label="Period" className="flex flex-wrap items-center gap-3">
      <ul className="inline-flex rounded-lg border p-1">
        {PERIODS.map((period) => (
          <li key={period}>
            <Link
              to={`?days=${period}`}
              aria-current={period === days ? "page" : undefined}
              className={cn(
                "inline-flex h-9 items-center rounded-md px-3 font-medium text-sm hover:bg-accent",
                period === days && "bg-primary text-primary-foreground hover:bg-primary/90",
              )}
            >
              {period} days
            </Link>
          </li>
        ))}
      </ul>
      <a
        href={insightsCsvPath(days)}
        download
        className="inline-flex h-10 items-center gap-2 rounded-md border px-4 font-medium text-sm hover:bg-accent"
      >
        <Download className="size-4" aria-hidden="true" />
        Download CSV
      </a>
    </nav>
  );
}

export function Totals({ report }: { report: InsightsReport }) {
  const items = [
    ["Visitors", report.totals.visitors],
    ["Page views", report.totals.pageViews],
    ["Episode downloads", report.totals.downloads],
    ["Saves to Spotify", report.totals.spotifySaves],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(([label, count]) => (
        <div key={label} className="rounded-xl border bg-card p-4">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="mt-1 font-bold text-2xl tabular-nums">{formatCount(count)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="font-semibold text-2xl tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
