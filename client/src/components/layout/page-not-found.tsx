import { Link } from "react-router";
import { useNotFoundStatus } from "../../lib/page-status";
import { Button } from "../ui/button";
import { PageHead } from "./page-head";

/** The 404 page, served with HTTP 404: unknown addresses, and data pages whose item does not exist. */
export function PageNotFound() {
  useNotFoundStatus();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <PageHead title="404 Page Not Found" noindex />
      <p className="font-bold text-6xl text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-bold text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild className="mt-8">
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
