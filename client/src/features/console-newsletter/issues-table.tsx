import type { ConsoleIssueRow } from "@waveform/contracts/newsletter-issues";
import { Link } from "react-router";
import { TableRegion } from "../../components/ui/table-region";
import { consoleTime } from "../../lib/console-time";
import { IssueStateBadge } from "./issue-state";

/** When the row's state says something happened or will: sent, scheduled, else last edited. */
function when(issue: ConsoleIssueRow): string {
  if (issue.sentAt) return `Sent ${consoleTime(issue.sentAt)}`;
  if (issue.scheduledAt) return `Scheduled for ${consoleTime(issue.scheduledAt)}`;
  return `Edited ${consoleTime(issue.updatedAt)}`;
}

/** The newsletter's issues, newest first: title (opens the composer), state, when. */
export function IssuesTable({ issues }: { issues: ConsoleIssueRow[] }) {
  return (
    <TableRegion label="Issues table">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Issues</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Title
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              State
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue) => (
            <tr key={issue.id} className="border-t">
              <th scope="row" className="px-3 py-2 font-medium">
                <Link to={`/admin/newsletter/${issue.id}`} className="underline-offset-4 hover:underline">
                  {issue.title}
                </Link>
              </th>
              <td className="px-3 py-2">
                <IssueStateBadge state={issue.state} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">{when(issue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
