import { useQuery } from "@tanstack/react-query";
import { ogImagePath } from "@waveform/contracts/og";
import { Link } from "react-router";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { PageNotFound } from "../../components/layout/page-not-found";
import { IssueBody, issueBodyClass } from "../../components/media/newsletter-issue-body";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton } from "../../components/ui/skeleton";
import { isNotFound } from "../../lib/api/errors";
import { formatDate } from "../../lib/format";
import { paths } from "../../lib/paths";
import { breadcrumbs } from "../../lib/structured-data";
import { archivedIssue, issuePath } from "../../lib/structured-data-newsletter";
import { PostReplies } from "../fediverse";
import { archiveFeed } from "./archive-page";
import { archivedIssueQuery } from "./newsletter-archive.queries";

/** /newsletter/issues/:slug: one issue as a page (unknown slugs and drafts: the 404 page). */
export function IssuePage({ slug }: { slug: string }) {
  const { data: issue, error } = useQuery(archivedIssueQuery(slug));
  if (error && isNotFound(error)) return <PageNotFound />;
  const path = issuePath(slug);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {issue ? (
        <PageHead
          title={issue.title}
          description={issue.summary || `An issue of the ${archiveFeed().title}.`}
          type="article"
          image={issue.imageUrl ?? ogImagePath("page", "newsletterIssues")}
          structuredData={
            import.meta.env.SSR
              ? [
                  archivedIssue(issue),
                  breadcrumbs([
                    { name: "Home", path: paths.home },
                    { name: "Newsletter archive", path: paths.newsletterIssues },
                    { name: issue.title, path },
                  ]),
                ]
              : BUILT_BY_SERVER
          }
          feed={archiveFeed()}
        />
      ) : (
        <PageHead title="Newsletter issue" />
      )}
      <p className="mb-6 text-sm">
        <Link
          to={paths.newsletterIssues}
          className="text-muted-foreground hover:text-foreground hover:underline"
        >
          ← All issues
        </Link>
      </p>
      {error ? (
        <ErrorNotice title="Error loading the issue" message={error.message} />
      ) : !issue ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : (
        <article aria-labelledby="issue-title">
          <p className="text-muted-foreground text-sm">
            <time dateTime={issue.publishedAt}>{formatDate(issue.publishedAt)}</time>
          </p>
          <h1 id="issue-title" className="mt-1 font-bold text-3xl tracking-tight sm:text-4xl">
            {issue.title}
          </h1>
          <IssueBody html={issue.webHtml} className={`mt-8 ${issueBodyClass}`} />
        </article>
      )}
      {issue && <PostReplies kind="issue" id={slug} />}
    </div>
  );
}
