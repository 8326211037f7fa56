import { useQuery } from "@tanstack/react-query";
import { consoleMeQuery } from "../../../features/console/console.queries";
import {
  consoleIssuesQuery,
  welcomeSettingsQuery,
} from "../../../features/console-newsletter/console-newsletter.queries";
import { ConsoleNewsletterPage } from "../../../features/console-newsletter/console-newsletter-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  const { data: operator } = useQuery(consoleMeQuery);
  return <ConsoleNewsletterPage isAdmin={operator?.role === "admin"} />;
}

export const queries: RouteQueries = () => [consoleMeQuery, consoleIssuesQuery, welcomeSettingsQuery];
