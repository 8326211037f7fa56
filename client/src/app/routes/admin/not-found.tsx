import { Link } from "react-router";
import { PageHead } from "../../../components/layout/page-head";
import { Button } from "../../../components/ui/button";
import { useNotFoundStatus } from "../../../lib/page-status";

/** A console address with no page (yet): a real 404 inside the console's frame. */
export function Component() {
  useNotFoundStatus();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <PageHead title="Page not found" noindex />
      <h1 className="font-bold text-3xl">Page not found</h1>
      <p className="mt-3 text-muted-foreground">The console has no page at this address.</p>
      <Button asChild className="mt-8">
        <Link to="/admin">Console overview</Link>
      </Button>
    </div>
  );
}
