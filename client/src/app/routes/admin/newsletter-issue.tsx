import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { consoleMeQuery } from "../../../features/console/console.queries";
import {
  consoleIssueQuery,
  issueProgressQuery,
  newsletterSuggestionsQuery,
} from "../../../features/console-newsletter/console-newsletter.queries";
import { IssueComposerPage } from "../../../features/console-newsletter/issue-composer-page";
import { dependent, type RouteQueries } from "../../route-data";
import { Component as NotFound } from "./not-found";

const isId = (id: string) => /^[1-9]\d{0,8}$/.test(id);

export function Component() {
  const { id = "" } = useParams();
  const { data: operator } = useQuery(consoleMeQuery);
  if (!isId(id)) return <NotFound />;
  return <IssueComposerPage key={id} id={Number(id)} isAdmin={operator?.role === "admin"} />;
}

/**
 * The issue, the suggestions (a draft's picker) and the progress (an issue that went out): what
 * the composer shows on its first screen. Its preview is a POST the browser makes once running.
 */
export const queries: RouteQueries = ({ params }) => {
  const id = params.id ?? "";
  if (!isId(id)) return [];
  return [
    consoleMeQuery,
    dependent(consoleIssueQuery(Number(id)), (issue) => [
      ...(issue.state === "draft" ? [newsletterSuggestionsQuery] : []),
      ...(issue.state === "draft" ? [] : [issueProgressQuery(issue.id, false)]),
    ]),
  ];
};
