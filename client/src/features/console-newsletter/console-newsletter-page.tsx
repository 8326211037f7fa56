import { useQuery } from "@tanstack/react-query";
import { PageHead } from "../../components/layout/page-head";
import { readableError } from "../../lib/api/errors";
import { consoleIssuesQuery } from "./console-newsletter.queries";
import { IssuesTable } from "./issues-table";
import { NewIssueForm } from "./new-issue-form";
import { WelcomeForm } from "./welcome-form";

/** /admin/newsletter: the issues with their state, a new draft, and the welcome mail. */
export function ConsoleNewsletterPage({ isAdmin }: { isAdmin: boolean }) {
  const issues = useQuery(consoleIssuesQuery);
  return (
    <div className="space-y-10">
      <PageHead title="Newsletter" noindex />
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Newsletter</h1>
        <p className="mt-2 text-muted-foreground">
          Editors write issues; administrators send them to every confirmed subscriber.{" "}
          <a href="/newsletter/issues" className="underline underline-offset-4">
            The public archive
          </a>
        </p>
      </div>
      <section aria-labelledby="new-issue-heading" className="space-y-3">
        <h2 id="new-issue-heading" className="font-semibold text-xl">
          New issue
        </h2>
        <NewIssueForm />
      </section>
      <section aria-labelledby="issues-heading" className="space-y-3">
        <h2 id="issues-heading" className="font-semibold text-xl">
          Issues
        </h2>
        {issues.isPending ? (
          <p className="text-muted-foreground">Loading the issues…</p>
        ) : issues.isError ? (
          <p role="alert" className="text-destructive dark:text-red-400">
            The issues could not be loaded: {readableError(issues.error)}
          </p>
        ) : issues.data.issues.length === 0 ? (
          <p className="text-muted-foreground">No issue yet: start a draft above.</p>
        ) : (
          <IssuesTable issues={issues.data.issues} />
        )}
      </section>
      <section aria-labelledby="welcome-heading" className="space-y-3">
        <h2 id="welcome-heading" className="font-semibold text-xl">
          Welcome mail
        </h2>
        <WelcomeForm canEdit={isAdmin} />
      </section>
    </div>
  );
}
