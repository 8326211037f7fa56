import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { isNotFound, readableError } from "../../lib/api/errors";
import { consoleIssueQuery } from "./console-newsletter.queries";
import { IssueComposer } from "./issue-composer";
import { IssueStateBadge } from "./issue-state";

const back = (
  <Link to="/admin/newsletter" className="text-muted-foreground text-sm underline-offset-4 hover:underline">
    ← Newsletter
  </Link>
);

/** /admin/newsletter/:id: one issue in the composer. */
export function IssueComposerPage({ id, isAdmin }: { id: number; isAdmin: boolean }) {
  const issue = useQuery(consoleIssueQuery(id));
  if (issue.isPending) return <p className="text-muted-foreground">Loading the issue…</p>;
  if (issue.isError)
    return (
      <div className="space-y-4">
        <PageHead title="Newsletter issue" noindex />
        <p>{back}</p>
        <p role="alert" className="text-destructive dark:text-red-400">
          {isNotFound(issue.error)
            ? "There is no such issue."
            : `The issue could not be loaded: ${readableError(issue.error)}`}
        </p>
      </div>
    );
  const loaded = issue.data;
  return (
    <div className="space-y-6">
      <PageHead title={`Issue: ${loaded.title}`} noindex />
      <p>{back}</p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words font-bold text-3xl tracking-tight">{loaded.title}</h1>
        <IssueStateBadge state={loaded.state} />
        {loaded.publishedAt && (
          <a href={`/newsletter/issues/${loaded.slug}`} className="text-sm underline underline-offset-4">
            View in the archive
          </a>
        )}
      </div>
      {/* A new issue, or the same one after a send, starts the composer from what the server holds. */}
      <IssueComposer key={`${loaded.id}:${loaded.state}`} issue={loaded} isAdmin={isAdmin} />
    </div>
  );
}
