import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Params } from "react-router";

/**
 * A read a route needs: TanStack query options (made with `queryOptions`), with its key and its
 * function. Typed loosely here: a route's list mixes answers of every shape.
 */
export interface DeclaredRead {
  queryKey: QueryKey;
  // biome-ignore lint/suspicious/noExplicitAny: a route's reads answer every shape; each screen reads its own typed
  queryFn?: any;
}

/**
 * A read whose options depend on another read's answer (a genre's playlists need the genre found in
 * the genre list): `after` is read first, and `then` names the reads its answer leads to. When
 * `after` fails, its dependents are not read: the screen shows the failure.
 */
export interface DependentReads<T = unknown> {
  after: DeclaredRead & { queryFn?: (...args: never[]) => T | Promise<T> };
  then: (answer: T) => RouteRead[];
}

export type RouteRead = DeclaredRead | DependentReads;

/** What a route's data depends on: its path's parameters and the address's query. */
export interface RouteInput {
  params: Params;
  search: URLSearchParams;
}

/**
 * The reads a route's screen shows, from its address alone (issue 32, decision 0021). Exported as
 * `queries` by a route module; the server reads them before its one render, the browser before it
 * shows the route (and on a link's hover or focus, ahead of the click).
 */
export type RouteQueries = (input: RouteInput) => RouteRead[];

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

/** The keys of every read a list names once the client has read them (dependents of settled reads). */
export function declaredKeys(client: QueryClient, reads: RouteRead[]): QueryKey[] {
  return reads.flatMap((read) => {
    if (!isDependent(read)) return [read.queryKey];
    const state = client.getQueryState(read.after.queryKey);
    return [
      read.after.queryKey,
      ...(state?.status === "success" ? declaredKeys(client, read.then(state.data)) : []),
    ];
  });
}

const inFlight = new WeakMap<QueryClient, Map<string, Promise<void>>>();

/**
 * The one promise (per client and list of reads) a screen waits on while its data is read: React's
 * `use` needs the same promise on every render until it settles.
 */
export function routeDataPromise(client: QueryClient, reads: RouteRead[]): Promise<void> {
  const pending = inFlight.get(client) ?? new Map<string, Promise<void>>();
  inFlight.set(client, pending);
  const key = JSON.stringify(reads.map((read) => (isDependent(read) ? read.after.queryKey : read.queryKey)));
  let promise = pending.get(key);
  if (!promise) {
    promise = readRouteData(client, reads).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}
