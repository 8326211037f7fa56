import type { ArchivedIssue, ArchivedIssueRow } from "@waveform/contracts/newsletter-archive";
import { siteConfig } from "./site-config";
import { itemList, type StructuredData } from "./structured-data";

export const issuePath = (slug: string) => `/newsletter/issues/${encodeURIComponent(slug)}`;

const publisher = (): StructuredData => ({ "@type": "Organization", name: siteConfig.name, url: "/" });

/** One issue of the newsletter as an article of the club's. */
function issueFacts(issue: ArchivedIssueRow): StructuredData {
  return {
    "@type": "Article",
    headline: issue.title,
    description: issue.summary,
    datePublished: issue.publishedAt,
    url: issuePath(issue.slug),
    publisher: publisher(),
  };
}

/** An issue's own page: the article, with its cover (when a block has one) and where it belongs. */
export function archivedIssue(issue: ArchivedIssue): StructuredData {
  return {
    ...issueFacts(issue),
    ...(issue.imageUrl ? { image: issue.imageUrl } : {}),
    isPartOf: { "@type": "CollectionPage", name: "Newsletter archive", url: "/newsletter/issues" },
  };
}

/** The archive: every published issue, newest first. */
export function issueArchive(issues: ArchivedIssueRow[]): StructuredData {
  return itemList("Newsletter issues", issues.map(issueFacts));
}
