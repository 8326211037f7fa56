import * as z from "zod/mini";
import type { HttpMethod } from "./endpoint";
import type { SiteConfig } from "./site";

/**
 * How the server renders a page with the client's own code (decision 0009): the
 * client's server entry (built by Vite into `client/ssr/`) implements `PageRenderer`; the server
 * gives it `readApi`, which answers catalogue reads from the repositories in-process, never over HTTP.
 */

/** One API read as the client makes it (client/src/lib/api/transport.ts): the endpoint's method and path pattern, and its input. */
export interface ApiRead {
  method: HttpMethod;
  /** The endpoint's path pattern, e.g. `/api/playlists/:id`. */
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

export interface PageRenderInput {
  /** Path and query of the page, e.g. `/playlist/1` or `/merchandise?id=3`. */
  url: string;
  site: SiteConfig;
  /** Answers a read with a fetch Response; a read the server cannot make for a page answers 501. */
  readApi: (read: ApiRead) => Promise<Response>;
}

export interface RenderedPage {
  /** 200, or 404 when the page says its item does not exist (or no route matches). */
  status: number;
  /** Tags for `<head>`: title, description, canonical, Open Graph, Twitter, preloads. */
  head: string;
  /** The markup inside `<div id="root">`. */
  body: string;
  /** JSON of the data the page was rendered with (TanStack Query's dehydrated state), for hydration. */
  state: string;
  /**
   * Reads the page's screens asked for that its routes do not declare (`queries` of a route
   * module): the page went out showing their loading state. Empty on a correct page; the server
   * logs any (and a test renders every page to hold it empty).
   */
  undeclared: string[];
  /**
   * The screens the page shows (the route modules of `client/src/app/routes/`, by file name): the
   * server names their code in the page (`PageCode`). None for a page the site's routes do not show.
   */
  screens?: string[];
}

/**
 * The code a server-rendered page runs, written by the browser build into `PAGE_CODE_FILE` beside
 * index.html (`client/page-code.ts`): the files the entry imports, and each screen's files beyond
 * those, by the screen's file name. The server lists a page's files in the page, and the page asks
 * for all of them at once when it starts its code, instead of learning each level of imports only
 * from the file before it (a round trip per level, after the entry has run).
 */
export const pageCodeSchema = z.object({
  entry: z.array(z.string()),
  screens: z.record(z.string(), z.array(z.string())),
});
export type PageCode = z.infer<typeof pageCodeSchema>;
export const PAGE_CODE_FILE = "page-code.json";
/** The element in `<head>` holding a page's list of code addresses (JSON), read by start-after-paint.ts. */
export const PAGE_CODE_ELEMENT_ID = "page-code";

export interface PageRenderer {
  renderPage(input: PageRenderInput): Promise<RenderedPage>;
}

/**
 * A request with this header set to `client` gets the bare shell, which the browser renders itself
 * as under `vite dev`: for journeys that check how screens handle API answers (loading, errors, empty
 * data) by intercepting the browser's requests, and for debugging the client alone.
 */
export const RENDER_MODE_HEADER = "x-render-mode";

/** The status of a read the server does not make while rendering (visitor-specific, or not a GET). */
export const NOT_READ_ON_SERVER = 501;
