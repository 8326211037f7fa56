import { useQuery } from "@tanstack/react-query";
import { NEWSLETTER_ARCHIVE } from "@waveform/contracts/newsletter-archive";
import { Link } from "react-router";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/format";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { issueArchive, issuePath } from "../../lib/structured-data-newsletter";
import { archivedIssuesQuery } from "./newsletter-archive.queries";

/** The archive's RSS feed, offered to feed readers by the archive's pages. */
export const archiveFeed = () => ({ title: `${siteConfig.name} newsletter`, href: NEWSLETTER_ARCHIVE.feed });

/** /newsletter/issues: every issue that went out, newest first, with its date and intro. */
export function ArchivePage() {
  const archive = useQuery(archivedIssuesQuery);
  const issues = archive.data?.issues;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHead
        title="Newsletter archive"
        description="Every issue of the club's newsletter: new playlists, release picks and podcast episodes."
        structuredData={
          import.meta.env.SSR
            ? [
                ...(issues ? [issueArchive(issues)] : []),
                homeBreadcrumbs("Newsletter archive", paths.newsletterIssues),
              ]
            : BUILT_BY_SERVER
        }
        feed={archiveFeed()}
      />
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Newsletter archive</h1>
      <p className="mt-3 text-muted-foreground">
        Every issue we have sent, to read on the site.{" "}
        <Link to={`${paths.home}#newsletter-heading`} className="text-primary underline underline-offset-4">
          Get the next one by mail
        </Link>{" "}
        or follow the{" "}
        <a href={NEWSLETTER_ARCHIVE.feed} className="text-primary underline underline-offset-4">
          RSS feed
        </a>
        .
      </p>
      <div className="mt-10">
        {archive.isError ? (
          <ErrorNotice title="Error loading the archive" message={archive.error.message} />
        ) : !issues ? (
          <div className="space-y-6">
            <Skeleton className="h-24 rounded-xl" />
            <Skeleton className="h-24 rounded-xl" />
          </div>
        ) : issues.length === 0 ? (
          <p className="text-muted-foreground">No issue has been sent yet.</p>
        ) : (
          <ol className="space-y-8">
            {issues.map((issue) => (
              <li key={issue.slug}>
                <article aria-labelledby={`issue-${issue.slug}`}>
                  <p className="text-muted-foreground text-sm">
                    <time dateTime={issue.publishedAt}>{formatDate(issue.publishedAt)}</time>
                  </p>
                  <h2 id={`issue-${issue.slug}`} className="mt-1 font-bold text-xl">
                    <Link to={issuePath(issue.slug)} className="hover:text-primary hover:underline">
                      {issue.title}
                    </Link>
                  </h2>
                  {issue.summary && <p className="mt-2 text-muted-foreground">{issue.summary}</p>}
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
