import { useQueryClient } from "@tanstack/react-query";
import { type ComponentType, use } from "react";
import { matchRoutes, type Params, type RouteObject, useLocation, useParams } from "react-router";
import { type RouteQueries, routeDataReady } from "./route-data";

/** A screen's module: its own chunk, exporting the screen as `Component` and the reads it shows. */
interface ScreenModule {
  Component: ComponentType;
  /** The reads the screen shows, from its address (route-data.ts): none when not exported. */
  queries?: RouteQueries;
}
export type RouteModule = () => Promise<ScreenModule>;

/** A route's screen, loaded on first use, and its loader for loading it ahead (before hydrating). */
interface LazyScreen {
  Screen: ComponentType;
  /** Its module's file name (`routes/<name>.tsx`), when it is one of the site's screens. */
  name?: string;
  preload: () => Promise<ScreenModule>;
  /** The module once loaded (its reads are known from then on). */
  loaded: () => ScreenModule | null;
}

/**
 * Shows a screen, on a navigation, once the client holds an answer (data or error) for every read
 * its route declares (decision 0021): a navigation is a transition, so the page before stays on
 * screen meanwhile, and a link's hover or focus has usually read them already. The first location
 * never waits: rendered on the server, it came with its reads; started from the bare shell (a page
 * the server could not render), it shows its loading states while it reads.
 */
function WithRouteData({ module }: { module: ScreenModule & { queries: RouteQueries } }) {
  const client = useQueryClient();
  const params = useParams();
  const location = useLocation();
  if (location.key !== "default") {
    const declared = module.queries({ params, search: new URLSearchParams(location.search) });
    const ready = routeDataReady(client, declared, location.key);
    if (ready !== true) use(ready);
  }
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
export function lazyScreen(load: RouteModule, name?: string): LazyScreen {
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
  return { Screen, name, preload, loaded: () => loaded };
}

/** A route showing a lazily loaded screen; its `handle` is the screen, to preload it. */
export function screenRoute(path: string, screen: LazyScreen): RouteObject {
  return { path, element: <screen.Screen />, handle: screen };
}

/** A screen an address shows, with the parameters its route took from the address. */
export interface MatchedModule {
  params: Params;
  module: ScreenModule | undefined;
  /** The screen's name (`LazyScreen.name`), if it has one. */
  name?: string;
}

/** The screens `routes` show at `pathname` (a layout and its page), each loaded. */
export async function matchedScreens(routes: RouteObject[], pathname: string): Promise<MatchedModule[]> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const screens = matches.map(({ route }) => route.handle as LazyScreen | undefined);
  const modules = await Promise.all(screens.map((screen) => screen?.preload()));
  return matches.map(({ params }, index) => ({ params, module: modules[index], name: screens[index]?.name }));
}
