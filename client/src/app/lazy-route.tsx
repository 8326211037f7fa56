import { useQueryClient } from "@tanstack/react-query";
import { type ComponentType, use } from "react";
import { type RouteObject, useLocation, useParams } from "react-router";
import { hasRouteData, type RouteQueries, routeDataPromise } from "./route-data";

/** A screen's module: its own chunk, exporting the screen as `Component` and the reads it shows. */
export interface ScreenModule {
  Component: ComponentType;
  /** The reads the screen shows, from its address (route-data.ts): none when not exported. */
  queries?: RouteQueries;
}
export type RouteModule = () => Promise<ScreenModule>;

/** A route's screen, loaded on first use, and its loader for loading it ahead (before hydrating). */
export interface LazyScreen {
  Screen: ComponentType;
  preload: () => Promise<ScreenModule>;
  /** The module once loaded (its reads are known from then on). */
  loaded: () => ScreenModule | null;
}

/**
 * Set by the browser's entry when it starts from the bare shell (no server-rendered page): the first
 * location's screens then show at once with their loading states (SPEC §4's skeletons) instead of
 * waiting for their data with nothing on screen. Every later navigation waits.
 */
let loadingStatesOnFirstLocation = false;
export function showLoadingStatesOnFirstLocation(): void {
  loadingStatesOnFirstLocation = true;
}

/**
 * Shows a screen once the client holds every read its route declares (decision 0021): rendered on
 * the server, the data is there before the one render and travels with the page, so nothing waits;
 * on a navigation it waits (a transition: the page before stays on screen), having been read ahead
 * when the link was hovered or focused.
 */
function WithRouteData({ module }: { module: ScreenModule & { queries: RouteQueries } }) {
  const client = useQueryClient();
  const params = useParams();
  const location = useLocation();
  const reads = module.queries({ params, search: new URLSearchParams(location.search) });
  const firstShell = loadingStatesOnFirstLocation && location.key === "default";
  if (!firstShell && !hasRouteData(client, reads)) use(routeDataPromise(client, reads));
  const { Component } = module;
  return <Component />;
}

/**
 * A route's screen from a lazily loaded module. Once loaded it renders at once, so a page whose
 * module was loaded before hydrating renders the server's markup on its first render; otherwise the
 * render suspends until the module is there (a navigation is a transition, so the page before it
 * stays on screen meanwhile). A module that fails to load throws to the route's error boundary, and
 * the next render tries again.
 */
export function lazyScreen(load: RouteModule): LazyScreen {
  let loaded: ScreenModule | null = null;
  let loading: Promise<ScreenModule> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Screen() {
    const module = loaded ?? use(preload());
    const { Component, queries } = module;
    return queries ? <WithRouteData module={{ ...module, queries }} /> : <Component />;
  }
  return { Screen, preload, loaded: () => loaded };
}

/** A route showing a lazily loaded screen; its `handle` is the screen, to preload it. */
export function screenRoute(path: string, screen: LazyScreen): RouteObject {
  return { path, element: <screen.Screen />, handle: screen };
}
