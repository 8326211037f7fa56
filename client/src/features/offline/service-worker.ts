/**
 * The site's service worker, bundled on its own into `dist/sw.js` by client/service-worker-build.ts
 * (decision 0026). It keeps the build's scripts and styles (precached on install, then cache first),
 * the pages and public reads a visitor opened (network first, the copy for offline), and plays
 * downloaded episodes from their cache with Range. What it answers is decided in sw-routing.ts.
 */
import { rangeResponse } from "./sw-range";
import {
  DOWNLOADS_CACHE,
  INSTALLED_PAGES,
  mayStore,
  pagesCache,
  routeOf,
  shellCache,
  staleCaches,
} from "./sw-routing";

/** Filled in at build time: the build's id (from its file names) and the files to precache. */
declare const WAVEFORM_BUILD: string;
declare const WAVEFORM_PRECACHE: string[];

// The DOM library has no worker event types; these are the parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;
const SHELL = shellCache(WAVEFORM_BUILD);
const PAGES = pagesCache(WAVEFORM_BUILD);

worker.addEventListener("install", (event) => {
  // A new build takes over at once (skipWaiting, then claim): pages are network first and scripts
  // are named by hash, so an open page of the old build loses nothing it could still fetch.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(WAVEFORM_PRECACHE))
      // Not best effort: a build that cannot open the downloads offline does not take over (an
      // install while offline would otherwise find the scripts in the HTTP cache, but not the page).
      .then(() => caches.open(PAGES))
      .then((cache) => cache.addAll(INSTALLED_PAGES))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, WAVEFORM_BUILD).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  if (mayStore(response)) {
    const copy = response.clone();
    void caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (mayStore(response)) await (await caches.open(PAGES)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: PAGES, ignoreVary: true });
    if (cached) return cached;
    if (request.mode === "navigate") return offlinePage();
    throw error;
  }
}

async function audio(request: Request): Promise<Response> {
  const stored = await caches.match(request.url, { cacheName: DOWNLOADS_CACHE });
  return stored ? rangeResponse(stored, request.headers.get("range")) : fetch(request);
}

/** A page never opened here, asked for offline: says so, and points to the downloads. */
function offlinePage(): Response {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Offline · Waveform Music Club</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>You're offline</h1><p>This page hasn't been opened on this device yet, so there is no copy to show.</p><p><a href="/podcasts">Your downloaded episodes</a> play without a connection.</p></body></html>`;
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  switch (routeOf(request, worker.location.origin)) {
    case "asset":
      return event.respondWith(cacheFirst(request));
    case "page":
    case "data":
      return event.respondWith(networkFirst(request));
    case "audio":
      return event.respondWith(audio(request));
    default:
      // Not answered: the browser fetches it as if there were no worker.
      return;
  }
});
