import { type ComponentType, use } from "react";
import type { RouteObject } from "react-router";

/** A screen's module: its own chunk, exporting the screen as `Component`. */
export type RouteModule = () => Promise<{ Component: ComponentType }>;

/** A route's screen, loaded on first use, and its loader for loading it ahead (before hydrating). */
export interface LazyScreen {
  Screen: ComponentType;
  preload: () => Promise<unknown>;
}

/**
 * A route's screen from a lazily loaded module. Once loaded it renders at once, so a page whose
 * module was loaded before hydrating renders the server's markup on its first render; otherwise the
 * render suspends until the module is there (a navigation is a transition, so the page before it
 * stays on screen meanwhile). A module that fails to load throws to the route's error boundary, and
 * the next render tries again.
 */
export function lazyScreen(load: RouteModule): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.Component;
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Screen() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return { Screen, preload };
}

/** A route showing a lazily loaded screen; its `handle` is the screen, to preload it. */
export function screenRoute(path: string, screen: LazyScreen): RouteObject {
  return { path, element: <screen.Screen />, handle: screen };
}
