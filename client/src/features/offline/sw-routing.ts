/**
 * What the service worker (service-worker.ts) does with each request: the decisions only, with no
 * worker API, so they are unit-tested (sw-routing.test.ts) and the worker stays a thin shell.
 */

/** Every cache the site makes starts with this; the worker deletes any other build's. */
const CACHE_PREFIX = "waveform-";
/** Downloaded episodes' audio (download-store.ts): kept across builds, removed only by the visitor. */
export const DOWNLOADS_CACHE = `${CACHE_PREFIX}downloads`;
/**
 * Pages every build keeps from its install on: the downloads list, which must open offline even when
 * a new build arrived (and deleted the old build's pages) after the visitor last opened it.
 */
export const INSTALLED_PAGES = ["/podcasts"];
export const shellCache = (build: string) => `${CACHE_PREFIX}shell-${build}`;
export const pagesCache = (build: string) => `${CACHE_PREFIX}pages-${build}`;

/**
 * - `asset`: a hashed file of the build, cache first (it never changes under its name);
 * - `page`: a page of the site, network first, the copy kept for reading offline;
 * - `data`: a public catalogue read of the API (what a visited page reads when navigated to in the
 *   app), network first likewise;
 * - `audio`: an episode's audio, from the downloads when it is there (with Range), else the network;
 * - `network`: left to the browser, never stored.
 */
type SwRoute = "asset" | "page" | "data" | "audio" | "network";

interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: "navigate" for a page load. */
  mode: string;
}

/** Never stored, whatever else they are: the console and its API, and session or one-time pages. */
const NEVER =
  /^\/(admin|api\/admin|api\/spotify|api\/session|api\/newsletter|spotify-test|newsletter)(\/|$|\?)/;
/** The API's public catalogue reads (no session, the same for every visitor). */
const PUBLIC_DATA =
  /^\/api\/(podcasts|real-podcasts|genres|playlists|music\/new-releases|music\/featured-playlists)(\/|$)/;

export function routeOf(request: RequestFacts, origin: string): SwRoute {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  const path = url.pathname;
  if (NEVER.test(path)) return "network";
  if (path.startsWith("/assets/")) return "asset";
  if (path.startsWith("/media/podcasts/")) return "audio";
  if (request.mode === "navigate") return "page";
  if (PUBLIC_DATA.test(path)) return "data";
  return "network";
}

/** The response headers and status the worker judges a copy by. */
interface ResponseFacts {
  status: number;
  /** Response.type: "basic" for a same-origin answer ("opaqueredirect", "opaque", "cors" otherwise). */
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * May this answer be kept? Only a whole, plain 200 from this site that says nothing against being
 * stored: not `private` or `no-store`, not `Vary: *`, no cookie. (A browser hides Set-Cookie from
 * the worker, so the server marks every answer that sets one `private, no-store`: no-store-cookies.ts.)
 */
export function mayStore(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\b(private|no-store)\b/i.test(cacheControl)) return false;
  if (response.headers.get("vary")?.trim() === "*") return false;
  return response.headers.get("set-cookie") === null;
}

/** The caches an activated build deletes: other builds' shell and pages (never the downloads). */
export function staleCaches(names: readonly string[], build: string): string[] {
  const keep = new Set([shellCache(build), pagesCache(build), DOWNLOADS_CACHE]);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}
