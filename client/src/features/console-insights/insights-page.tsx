import { useQuery } from "@tanstack/react-query";
import type { InsightsReport } from "@waveform/contracts/insights";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { ErrorNotice } from "../../components/media/notices";
import { formatDate } from "../../lib/format";
import { paths } from "../../lib/paths";
import {
  appsChart,
  appsSummary,
  dailyChart,
  dailySummary,
  downloadsChart,
  downloadsSummary,
  percent,
} from "./chart-data";
import { daysFrom, insightsReportQuery } from "./insights.queries";
import { InsightsChart } from "./insights-chart";
import { Part, PeriodSwitch, Totals } from "./insights-page-frame";
import { ReportTable } from "./report-table";

const searchLink = (term: string) => `${paths.search}?q=${encodeURIComponent(term)}`;

function Report({ report }: { report: InsightsReport }) {
  const charts = useMemo(
    () => ({
      daily: dailyChart(report),
      dailyTable: dailyChart(report, true),
      downloads: downloadsChart(report),
      downloadsTable: downloadsChart(report, true),
      apps: appsChart(report),
    }),
    [report],
  );
  return (
    <div className="space-y-12">
      <Totals report={report} />

      <Part id="visits-heading" title="Visits">
        <InsightsChart
          id="daily"
          title="Visitors and page views per day"
          kind="line"
          chart={charts.daily}
          table={charts.dailyTable}
          summary={dailySummary(report)}
        />
        <div className="grid gap-8 lg:grid-cols-2">
          <ReportTable
            id="top-pages-heading"
            title="Top pages"
            rows={report.topPages}
            rowKey={(row) => row.path}
            columns={(c) => [
              { heading: "Page", cell: (row) => row.path },
              c.count("Views", (row) => row.views),
              c.count("Visitors", (row) => row.visitors),
            ]}
            empty="No page views in this period."
          />
          <ReportTable
            id="top-playlists-heading"
            title="Top playlists"
            rows={report.topPlaylists}
            rowKey={(row) => row.playlistId}
            columns={(c) => [
              c.link(
                "Playlist",
                (row) => paths.playlist(row.playlistId),
                (row) => row.title,
              ),
              c.count("Views", (row) => row.views),
              c.count("Visitors", (row) => row.visitors),
            ]}
            empty="No playlist was opened in this period."
          />
        </div>
        <ReportTable
          id="referrers-heading"
          title="Where visitors came from"
          about="The other website's domain only; visits typed in or from a bookmark are not listed."
          rows={report.referrers}
          rowKey={(row) => row.domain}
          columns={(c) => [
            { heading: "Website", cell: (row) => row.domain },
            c.count("Visits", (row) => row.visits),
          ]}
          empty="No visits from other websites in this period."
        />
      </Part>

      <Part id="listening-heading" title="Listening">
        <div className="grid gap-8 lg:grid-cols-2">
          <InsightsChart
            id="downloads"
            title="Episode downloads per day"
            kind="bars"
            chart={charts.downloads}
            table={charts.downloadsTable}
            summary={downloadsSummary(report)}
          />
          <InsightsChart
            id="apps"
            title="Episode downloads per app"
            kind="horizontal-bars"
            chart={charts.apps}
            summary={appsSummary(report)}
          />
        </div>
        <div className="grid gap-8 lg:grid-cols-2">
          <ReportTable
            id="play-through-heading"
            title="Play-through in the site's player"
            about="Plays started, and how many went on for 30 seconds or more."
            rows={report.playThrough}
            rowKey={(row) => row.episodeId}
            columns={(c) => [
              c.link(
                "Episode",
                (row) => paths.episode(row.showSlug, row.episodeId),
                (row) => row.title,
              ),
              c.count("Started", (row) => row.started),
              c.count("30 s or more", (row) => row.listened30),
              { heading: "Play-through", cell: (row) => percent(row.listened30, row.started), numeric: true },
            ]}
            empty="Nothing was played in the site's player in this period."
          />
          <ReportTable
            id="top-episodes-heading"
            title="Most downloaded episodes"
            rows={report.topEpisodes}
            rowKey={(row) => row.episodeId}
            columns={(c) => [
              c.link(
                "Episode",
                (row) => paths.episode(row.showSlug, row.episodeId),
                (row) => row.title,
              ),
              { heading: "Show", cell: (row) => row.showTitle },
              c.count("Downloads", (row) => row.downloads),
            ]}
            empty="No episode downloads in this period."
          />
        </div>
      </Part>

      <Part id="searches-heading" title="Searches that found nothing">
        <ReportTable
          id="empty-searches-heading"
          title="What visitors looked for and did not find"
          about="Worth a playlist, a genre text or a spelling the search should know. Each term opens the site's search as visitors saw it."
          rows={report.emptySearches}
          rowKey={(row) => row.term}
          columns={(c) => [
            c.link(
              "Search",
              (row) => searchLink(row.term),
              (row) => row.term,
            ),
            c.count("Times", (row) => row.count),
            { heading: "Last asked", cell: (row) => formatDate(row.lastSeen) },
          ]}
          empty="Every search in this period found something."
        />
      </Part>

      <Part id="sponsors-heading" title="Sponsors">
        <ReportTable
          id="ads-heading"
          title="Advertisements"
          about="An impression is the banner at least half on screen; a click, its link followed. Counted within the period and the advertisement's schedule."
          rows={report.ads}
          rowKey={(row) => row.adId}
          columns={(c) => [
            { heading: "Advertisement", cell: (row) => row.title },
            {
              heading: "Schedule",
              cell: (row) => `${formatDate(row.startsAt)} – ${formatDate(row.endsAt)}`,
            },
            c.count("Impressions", (row) => row.impressions),
            c.count("Clicks", (row) => row.clicks),
            {
              heading: "Click rate",
              cell: (row) => (row.clickRate === null ? "–" : `${(row.clickRate * 100).toFixed(1)} %`),
              numeric: true,
            },
          ]}
          empty="No advertisement was scheduled in this period."
        />
      </Part>
    </div>
  );
}

/** /admin/insights (editors and admins): what the club's visitors did, counted without cookies. */
export function InsightsPage() {
  const [search] = useSearchParams();
  const days = daysFrom(search);
  const report = useQuery(insightsReportQuery(days));
  return (
    <div className="space-y-8">
      <div>
        <PageHead title="Insights · Console" noindex />
        <h1 className="font-bold text-3xl tracking-tight">Insights</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Counted without cookies and without storing anyone's address (see the{" "}
          <a href={paths.privacy} className="text-primary underline">
            privacy page
          </a>
          ). Days are UTC days; today's figures grow until the day ends. Visitors over several days are each
          day's visitors added up.
        </p>
      </div>
      <PeriodSwitch days={days} />
      {report.isPending ? (
        <p className="text-muted-foreground">Loading the report…</p>
      ) : report.isError ? (
        <ErrorNotice title="Error loading the report" message={report.error.message} />
      ) : (
        <Report report={report.data} />
      )}
    </div>
  );
}
