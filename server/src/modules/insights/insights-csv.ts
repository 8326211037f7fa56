import { type CsvValue, toCsv } from "@waveform/contracts/csv";
import { type InsightsReport, LISTENING_APP_NAMES } from "@waveform/contracts/insights";

/**
 * Text from outside as a CSV cell: one that a spreadsheet would run as a formula (a leading
 * = + - @, tab or carriage return) gets a leading apostrophe, as OWASP advises. For every text a
 * visitor, a referring site, a feed or an editor wrote (search terms, referrer domains, page
 * paths, titles); numbers, days and our own names (the apps') are written as they are.
 */
export const visitorText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The report as CSV: one section per part, a `# Name` line, then its header row and rows. */
export function insightsCsv(report: InsightsReport): string {
  const sections: Array<[string, CsvValue[], CsvValue[][]]> = [
    [
      "Daily",
      ["day", "visitors", "page views", "downloads", "saves to Spotify"],
      report.daily.map((d) => [d.day, d.visitors, d.pageViews, d.downloads, d.spotifySaves]),
    ],
    [
      "Top pages",
      ["path", "views", "visitors"],
      report.topPages.map((p) => [visitorText(p.path), p.views, p.visitors]),
    ],
    [
      "Top playlists",
      ["playlist id", "title", "views", "visitors"],
      report.topPlaylists.map((p) => [p.playlistId, visitorText(p.title), p.views, p.visitors]),
    ],
    [
      "Downloads by day and app",
      ["day", "app", "downloads"],
      report.downloadsByDayAndApp.map((d) => [d.day, LISTENING_APP_NAMES[d.app], d.downloads]),
    ],
    [
      "Downloads by app",
      ["app", "downloads"],
      report.downloadsByApp.map((d) => [LISTENING_APP_NAMES[d.app], d.downloads]),
    ],
    [
      "Top episodes",
      ["episode id", "episode", "show", "downloads"],
      report.topEpisodes.map((e) => [
        e.episodeId,
        visitorText(e.title),
        visitorText(e.showTitle),
        e.downloads,
      ]),
    ],
    [
      "Play-through",
      ["episode id", "episode", "show", "started", "listened 30 s"],
      report.playThrough.map((e) => [
        e.episodeId,
        visitorText(e.title),
        visitorText(e.showTitle),
        e.started,
        e.listened30,
      ]),
    ],
    ["Referrers", ["domain", "visits"], report.referrers.map((r) => [visitorText(r.domain), r.visits])],
    [
      "Searches that found nothing",
      ["term", "count", "last seen"],
      report.emptySearches.map((s) => [visitorText(s.term), s.count, s.lastSeen]),
    ],
    [
      "Advertisements",
      ["ad id", "title", "starts", "ends", "impressions", "clicks", "click rate"],
      report.ads.map((a) => [
        a.adId,
        visitorText(a.title),
        a.startsAt,
        a.endsAt,
        a.impressions,
        a.clicks,
        a.clickRate === null ? "" : a.clickRate.toFixed(4),
      ]),
    ],
  ];
  return sections.map(([name, header, rows]) => `# ${name}\n${toCsv([header, ...rows])}`).join("\n");
}
