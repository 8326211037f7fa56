import { NEWSLETTER_ARCHIVE, newsletterIssuePath } from "@waveform/contracts/newsletter-archive";
import { cdata, xmlText as xml } from "../../../lib/markup-text";

interface FeedIssue {
  slug: string;
  title: string;
  summary: string;
  publishedAt: string;
  webHtml: string;
}

/** RSS 2.0 of the archive, newest first, each item with its full content (content:encoded). */
export function issuesFeedXml(
  site: { name: string; publicUrl: string },
  issues: readonly FeedIssue[],
): string {
  const archive = `${site.publicUrl}${NEWSLETTER_ARCHIVE.list}`;
  const items = issues.map((issue) => {
    const link = `${site.publicUrl}${newsletterIssuePath(issue.slug)}`;
    return [
      "<item>",
      `<title>${xml(issue.title)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="true">${xml(link)}</guid>`,
      `<pubDate>${new Date(issue.publishedAt).toUTCString()}</pubDate>`,
      `<description>${xml(issue.summary)}</description>`,
      `<content:encoded>${cdata(issue.webHtml)}</content:encoded>`,
      "</item>",
    ].join("");
  });
  const lastBuild = issues[0]
    ? `<lastBuildDate>${new Date(issues[0].publishedAt).toUTCString()}</lastBuildDate>`
    : "";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xml(`${site.name} newsletter`)}</title>`,
    `<link>${xml(archive)}</link>`,
    `<description>${xml(`Every issue of the ${site.name} newsletter`)}</description>`,
    "<language>en</language>",
    `<atom:link href="${xml(`${site.publicUrl}${NEWSLETTER_ARCHIVE.feed}`)}" rel="self" type="application/rss+xml"/>`,
    lastBuild,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
