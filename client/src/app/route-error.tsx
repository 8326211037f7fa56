import { Component, type ReactNode } from "react";
import { Link, type Location, useLocation } from "react-router";
import { Button } from "../components/ui/button";

/** Shown when a screen fails to load or throws while rendering (a lost chunk after a deploy, say). */
function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : "Unknown error";
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

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  /** The location the error happened at: a navigation elsewhere tries rendering again. */
  location: Location;
  error: { value: unknown } | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, error: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> {
    return props.location === state.location ? {} : { location: props.location, error: null };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error.value} /> : this.props.children;
  }
}

/**
 * A route's error boundary: what it wraps is replaced by `RouteError` when it throws while
 * rendering (its module failed to load, say), until the visitor navigates elsewhere.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
