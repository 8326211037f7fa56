import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "../components/ui/button";

/** Shown when a screen fails to load or throws while rendering (a lost chunk after a deploy, say). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-bold text-3xl">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">This page could not be shown: {detail}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            Back to Home
          </Link>
        </Button>
      </div>
    </div>
  );
}
