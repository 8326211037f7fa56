import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card } from "../../components/ui/card";
import { consoleMeQuery } from "./console.queries";
import { consoleNav } from "./console-nav";
import { ConsolePageHeading } from "./console-page-heading";

/** /admin: what the console holds for this operator, one card per page their role allows. */
export function ConsoleHome() {
  const { data: operator } = useQuery(consoleMeQuery);
  if (!operator) return null;
  const pages = consoleNav(operator.role).filter((page) => page.id !== "consoleHome");
  return (
    <div className="space-y-8">
      <ConsolePageHeading title="Console">
        Welcome, {operator.email}. You are {operator.role === "admin" ? "an administrator" : "an editor"}:
        every change you make here is recorded in the activity log.
      </ConsolePageHeading>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {pages.map((page) => (
          <li key={page.id}>
            <Card
              asChild
              className="block h-full p-5 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Link to={page.to}>
                <span className="font-semibold text-lg">{page.label}</span>
                <span className="mt-1 block text-muted-foreground text-sm">{page.about}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
