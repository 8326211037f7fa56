import {
  PAGE_CODE_ELEMENT_ID,
  type PageCode,
  type PageRenderer,
  type RenderedPage,
} from "@waveform/contracts/page-render";
import type { SiteConfig } from "@waveform/contracts/site";
import type { FastifyBaseLogger } from "fastify";
import type { PageReads } from "../plugins/page-reads";
import { BoundedCache, type CacheLimits, stringBytes } from "./bounded-cache";
import { type EncodedBody, encodeBody, encodedBytes } from "./encoded-body";

/** A page as sent: its status and the whole document. */
export interface PageAnswer {
  status: number;
  html: string;
  /** Set when a read the page needed was unavailable (503): seconds before asking again. */
  retryAfterSeconds?: number;
  /**
   * A kept page's brotli and gzip copies, made once as it was rendered: each answer sends the one
   * the browser takes as it is. Pages not kept (the shell, a 503) are compressed as they go out.
   */
  encoded?: EncodedBody;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/**
 * `html` with the first `marker` replaced by `text`, taken literally. Never `html.replace(marker,
 * text)`: a replacement string expands `$&`, `` $` ``, `$'` and `$$`, so a page whose data holds
 * `` $` `` (a search for it, a show's notes) would be sent with a copy of the document in its place.
 */
export function replaceLiterally(html: string, marker: string | RegExp, text: string): string {
  return html.replace(marker, () => text);
}

/**
 * The list of the page's code (the entry's imports, then its screens' files, each once) that the
 * page asks for when it starts its code (client/src/lib/start-after-paint.ts): nothing without the
 * build's list.
 */
function pageCodeElement(code: PageCode | null | undefined, screens: readonly string[] = []): string {
  if (!code) return "";
  const files = new Set([...code.entry, ...screens.flatMap((screen) => code.screens[screen] ?? [])]);
  const json = JSON.stringify([...files]).replaceAll("<", "\\u003c");
  return `<script id="${PAGE_CODE_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * Puts a rendered page into the built index.html: its head tags, the list of its code (from the
 * build's `code`), its markup and its data.
 */
export function fillTemplate(template: string, page: RenderedPage, code?: PageCode | null): string {
  let html = template;
  if (TITLE.test(page.head)) html = html.replace(TITLE, "");
  if (page.head.includes('name="description"')) html = html.replace(DESCRIPTION, "");
  html = replaceLiterally(html, "</head>", `${page.head}${pageCodeElement(code, page.screens)}</head>`);
  return replaceLiterally(
    html,
    ROOT,
    `<div id="root">${page.body}</div><script id="page-state" type="application/json">${page.state}</script>`,
  );
}

/**
 * A page whose screens read what their routes do not declare went out showing a loading state for
 * it (decision 0021): said in the log, with the reads to add to the route's `queries`.
 */
export function warnOfUndeclaredReads(log: FastifyBaseLogger, url: string, page: RenderedPage): void {
  if (page.undeclared.length > 0)
    log.warn({ url, reads: page.undeclared }, "page rendered with reads its route does not declare");
}

interface Entry extends PageAnswer {
  version: number;
  expiresAt: number;
  encoded: EncodedBody;
}

/**
 * Above a page sent while its data was unavailable (outside the root React hydrates, so the page's
 * own error states below it hydrate as rendered); the classes are the site's error notice's.
 */
export const UNAVAILABLE_BANNER =
  '<div role="alert" class="m-4 rounded-xl border border-destructive/50 bg-destructive/10 p-4 text-center">' +
  '<p class="font-semibold">This page is temporarily unavailable. Please try again in a moment.</p></div>';

/** Pages depend only on the catalogue (nothing of the visitor), so a rendered page is kept this long. */
const PAGE_TTL_MS = 60_000;
/**
 * Pages kept at most, and the bytes they may take together (each document as V8 may store it,
 * stringBytes, and its encoded copies); the oldest goes first. The count bounds a cache of small pages, the bytes one of large pages (a
 * query's words shown back, a long show): 500 pages were once kept whatever their size.
 */
export const PAGE_CACHE_LIMITS: CacheLimits = { entries: 500, bytes: 16 * 1024 * 1024 };

interface PageHtmlOptions {
  template: string;
  /** The build's list of each page's code (absent from builds without it: pages then name none). */
  pageCode?: PageCode | null;
  /** The client's server entry, loaded on the first call (a page asked for meanwhile waits for it). */
  renderer: () => Promise<PageRenderer>;
  reads: PageReads;
  site: SiteConfig;
  /** The catalogue cache's version: a page rendered from older answers is rendered again. */
  catalogueVersion: () => number;
  log: FastifyBaseLogger;
  /** Pages kept at most and their bytes (default PAGE_CACHE_LIMITS). */
  cacheLimits?: CacheLimits;
}

/**
 * Renders pages with the client's server entry, keeping each URL's page for PAGE_TTL_MS (or until
 * the catalogue cache is cleared); concurrent requests for one URL share one render. A page that
 * fails to render is logged and answered with the bare shell, which the browser renders itself.
 */
export function createPageHtml(options: PageHtmlOptions) {
  const { template, pageCode, renderer, reads, site, catalogueVersion, log } = options;
  const pages = new BoundedCache<Entry>(
    options.cacheLimits ?? PAGE_CACHE_LIMITS,
    (entry) => stringBytes(entry.html) + encodedBytes(entry.encoded),
  );
  const pending = new Map<string, Promise<PageAnswer>>();
  const render = async (url: string, shellStatus: number): Promise<PageAnswer> => {
    const version = catalogueVersion();
    // A read answered 503 (the database is down, or the server sheds load): the page is sent with
    // its error states as a 503 the visitor may retry, and is not kept.
    let retryAfterSeconds: number | undefined;
    const readApi = async (read: Parameters<PageReads["read"]>[0]) => {
      const answer = await reads.read(read);
      if (answer.status === 503) {
        retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, Number(answer.headers.get("retry-after") ?? 5));
      }
      return answer;
    };
    try {
      const page = await (await renderer()).renderPage({ url, site, readApi });
      warnOfUndeclaredReads(log, url, page);
      if (retryAfterSeconds !== undefined) {
        const html = replaceLiterally(
          fillTemplate(template, page, pageCode),
          '<div id="root">',
          `${UNAVAILABLE_BANNER}<div id="root">`,
        );
        return { status: 503, html, retryAfterSeconds };
      }
      const html = fillTemplate(template, page, pageCode);
      const entry = {
        status: page.status,
        html,
        version,
        encoded: await encodeBody(html),
        expiresAt: Date.now() + PAGE_TTL_MS,
      };
      pages.set(url, entry);
      return entry;
    } catch (error) {
      log.error({ err: error, url }, "page could not be rendered on the server; sending the shell");
      return { status: shellStatus, html: template };
    }
  };

  return {
    /** The pages kept now, and their bytes (for tests and measurements). */
    cached: () => ({ pages: pages.size, bytes: pages.bytes }),
    /** Drops the pages that would be rendered again (expired, or from older answers). */
    sweep(): void {
      const now = Date.now();
      const version = catalogueVersion();
      pages.deleteWhere((entry) => entry.expiresAt < now || entry.version !== version);
    },
    /** The page at `url` (path and query); `shellStatus` is the status if it cannot be rendered. */
    page(url: string, shellStatus: number): Promise<PageAnswer> {
      const cached = pages.get(url);
      if (cached && cached.expiresAt >= Date.now() && cached.version === catalogueVersion()) {
        return Promise.resolve(cached);
      }
      let inFlight = pending.get(url);
      if (!inFlight) {
        inFlight = render(url, shellStatus).finally(() => pending.delete(url));
        pending.set(url, inFlight);
      }
      return inFlight;
    },
  };
}
