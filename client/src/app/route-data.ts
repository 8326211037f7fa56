import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Params } from "react-router";

/**
 * A read a route needs: TanStack query options (made with `queryOptions`), with its key and its
 * function. Typed loosely here: a route's list mixes answers of every shape.
 */
interface DeclaredRead {
  queryKey: QueryKey;
  // biome-ignore lint/suspicious/noExplicitAny: a route's reads answer every shape; each screen reads its own typed
  queryFn?: any;
}

/**
 * A read whose options depend on another read's answer (a genre's playlists need the genre found in
 * the genre list): `after` is read first, and `then` names the reads its answer leads to. When
 * `after` fails, its dependents are not read: the screen shows the failure.
 */
interface DependentReads<T = unknown> {
  after: DeclaredRead & { queryFn?: (...args: never[]) => T | Promise<T> };
  then: (answer: T) => RouteRead[];
}

export type RouteRead = DeclaredRead | DependentReads;

/** What a route's data depends on: its path's parameters and the address's query. */
interface RouteInput {
  params: Params;
  search: URLSearchParams;
}

/**
 * The reads a route's screen shows, from its address alone (issue 32, decision 0021). Exported as
 * `queries` by a route module; the server reads them before its one render, the browser before it
 * shows the route on a navigation (and on a link's hover or focus, ahead of the click). A route
 * whose reads live in code its page loads later (the home page's sections) may give them as a
 * promise, so that code is not part of the page's first load.
 */
export type RouteQueries = (input: RouteInput) => RouteRead[] | Promise<RouteRead[]>;

/** Builds a dependent read with its answer's type checked. */
export function dependent<T>(after: DependentReads<T>["after"], then: (answer: T) => RouteRead[]): RouteRead {
  return { after, then } as DependentReads as RouteRead;
}

const isDependent = (read: RouteRead): read is DependentReads => "after" in read;

/**
 * Reads every declared read the client does not hold yet, dependents after what they depend on.
 * Never rejects: a failed read stays in the cache as its error, which the screen shows.
 */
export async function readRouteData(client: QueryClient, reads: RouteRead[]): Promise<void> {
  await Promise.all(
    reads.map(async (read) => {
      if (!isDependent(read)) {
        await client.ensureQueryData(read).catch(() => undefined);
        return;
      }
      const answer = await client.ensureQueryData(read.after).then(
        (data) => ({ data }),
        () => null,
      );
      if (answer) await readRouteData(client, read.then(answer.data));
    }),
  );
}

/** Whether the client has an answer (data or a failure) for every read, dependents included. */
export function hasRouteData(client: QueryClient, reads: RouteRead[]): boolean {
  return reads.every((read) => {
    const first = isDependent(read) ? read.after : read;
    const state = client.getQueryState(first.queryKey);
    if (!state || state.status === "pending") return false;
    if (!isDependent(read) || state.status === "error") return true;
    return hasRouteData(client, read.then(state.data));
  });
}

interface Waiting {
  promise: Promise<void>;
  /** The reads, once they have been read (a declaration given as a promise included). */
  reads?: RouteRead[];
}
const waiting = new WeakMap<QueryClient, Map<string, Waiting>>();
/** Navigations remembered per client: a promise `use` has seen must stay the same until it settles. */
const REMEMBERED = 50;

/**
 * Whether a screen can show now (`true`: the client holds an answer for each of its reads), or the
 * one promise to wait on until it does. `key` names the navigation (its location's key): React's
 * `use` needs the same promise on every render until it settles.
 */
export function routeDataReady(
  client: QueryClient,
  declared: RouteRead[] | Promise<RouteRead[]>,
  key: string,
): true | Promise<void> {
  const pending = waiting.get(client) ?? new Map<string, Waiting>();
  waiting.set(client, pending);
  const known = pending.get(key);
  const reads = declared instanceof Promise ? known?.reads : declared;
  if (reads && hasRouteData(client, reads)) return true;
  // Still reading; once read, only what the cache dropped since (garbage-collected) is read again.
  if (known && !known.reads) return known.promise;
  const entry: Waiting = {
    promise: Promise.resolve(declared).then(async (list) => {
      await readRouteData(client, list);
      entry.reads = list;
    }),
  };
  pending.delete(key);
  pending.set(key, entry);
  for (const old of pending.keys()) {
    if (pending.size <= REMEMBERED) break;
    pending.delete(old);
  }
  return entry.promise;
}
