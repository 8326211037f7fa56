import { useQuery } from "@tanstack/react-query";
import {
  adminOnlyConsoleRoutes,
  type ConsoleRouteId,
  consoleRoutes,
  publicConsoleRoutes,
} from "@waveform/contracts/console-routes";
import { AudioWaveform } from "lucide-react";
import { Link, matchPath, NavLink, Outlet, useLocation } from "react-router";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import { Button } from "../../components/ui/button";
import { ToasterHost } from "../../components/ui/toaster-host";
import { cn } from "../../lib/cn";
import { useScrollRestoration } from "../../lib/scroll-restoration";
import { siteConfig } from "../../lib/site-config";
import { consoleMeQuery } from "./console.queries";
import { consoleNav } from "./console-nav";
import { SignOutButton } from "./sign-out-button";

const linkClass = (active: boolean) =>
  cn(
    "block whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground",
    active ? "bg-accent text-accent-foreground" : "text-muted-foreground",
  );

/**
 * The console's frame: the site's name with 'Console', the pages the operator may open, who is
 * signed in and 'Sign out'. Signed out (the sign-in and set-password pages) it shows the name only.
 * Never the public header, footer or player: the console is a tool, not a page of the site.
 */
const routeAt = (pathname: string) =>
  (Object.keys(consoleRoutes) as ConsoleRouteId[]).find((id) => matchPath(consoleRoutes[id], pathname));

/**
 * What the page area shows: the page, or why not (the session ended while the console was open;
 * an editor on an administrator's page). The server redirects or answers 403 on a full load; this
 * covers moving between pages in the browser.
 */
function PageArea({ signedIn, role }: { signedIn: boolean; role: "editor" | "admin" | undefined }) {
  const { pathname, search } = useLocation();
  const id = routeAt(pathname);
  if (!signedIn && !(id && publicConsoleRoutes.includes(id))) {
    const returnTo = encodeURIComponent(`${pathname}${search}`);
    return (
      <div role="alert" className="mx-auto max-w-md space-y-4 py-12 text-center">
        <h1 className="font-bold text-2xl">You are signed out</h1>
        <p className="text-muted-foreground">Your console session has ended. Sign in again to carry on.</p>
        <Button asChild>
          <Link to={`${consoleRoutes.consoleSignIn}?returnTo=${returnTo}`} reloadDocument>
            Sign in
          </Link>
        </Button>
      </div>
    );
  }
  if (role === "editor" && id && adminOnlyConsoleRoutes.includes(id)) {
    return (
      <div role="alert" className="mx-auto max-w-md space-y-4 py-12 text-center">
        <h1 className="font-bold text-2xl">For administrators</h1>
        <p className="text-muted-foreground">Only an administrator may open this page.</p>
        <Button asChild variant="outline">
          <Link to={consoleRoutes.consoleHome}>Console overview</Link>
        </Button>
      </div>
    );
  }
  return <Outlet />;
}

export function ConsoleLayout() {
  useScrollRestoration();
  const { data: operator } = useQuery(consoleMeQuery);
  const nav = operator ? consoleNav(operator.role) : [];
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="-translate-y-16 fixed top-2 left-2 z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:translate-y-0 motion-reduce:transition-none"
      >
        Skip to content
      </a>
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 rounded-md font-bold text-lg">
            <AudioWaveform className="size-7 text-primary" aria-hidden="true" />
            <span>
              {siteConfig.shortName} <span className="font-normal text-muted-foreground">Console</span>
            </span>
          </Link>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {operator && (
              <span className="max-w-[14rem] truncate text-muted-foreground text-sm" title={operator.email}>
                {operator.email}
              </span>
            )}
            <ThemeToggle />
            {operator && <SignOutButton />}
          </div>
        </div>
        {nav.length > 0 && (
          <nav aria-label="Console" className="mx-auto max-w-7xl overflow-x-auto px-2 pb-2 sm:px-4">
            <ul className="flex gap-1">
              {nav.map((item) => (
                <li key={item.id}>
                  <NavLink
                    to={item.to}
                    end={item.id === "consoleHome"}
                    className={({ isActive }) => linkClass(isActive)}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        <PageArea signedIn={Boolean(operator)} role={operator?.role} />
      </main>
      <ToasterHost />
    </div>
  );
}
