import { AsyncLocalStorage } from "node:async_hooks";
import type { Query, QueryClient } from "@tanstack/react-query";
import type { ApiRead, PageRenderer, PageRenderInput, RenderedPage } from "@waveform/contracts/page-render";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Providers } from "./app/providers";
import { AppRoutes, preloadMatchedScreens } from "./app/router";
import { answerReadsWith } from "./lib/api-client";
import { splitHead } from "./lib/head-split";
import { type PageStatus, PageStatusProvider } from "./lib/page-status";
import { createQueryClient } from "./lib/query-client";
import { receiveState, transferState } from "./lib/query-transfer";
import { adoptSiteConfig } from "./lib/site-config";

/**
 * A page asks for data it needs to show more (a genre's playlists once the genre is known), or
 * waits for code it has not loaded before: render again, at most this many times.
 */
const MAX_RENDERS = 4;

/**
 * The reader of the render in progress. The server renders pages for many requests at once, and a
 * read belongs to the render it was started in (a console page reads with its own operator's
 * session): never a module-wide "current" reader, which the next request would replace mid-render.
 */
const renderReads = new AsyncLocalStorage<(read: ApiRead) => Promise<Response>>();
answerReadsWith(() => renderReads.getStore());

/** React's marker of a Suspense boundary whose content was not ready when the shell was written. */
const SUSPENDED_BOUNDARY = "<!--$?-->";

async function renderOnce(
  element: React.ReactNode,
  queryClient: QueryClient,
  record: PageStatus,
): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <PageStatusProvider record={record}>
        <Providers queryClient={queryClient}>{element}</Providers>
      </PageStatusProvider>
    </StrictMode>,
    // Everything is ready when prerender resolves: write every boundary in place. (With React's
    // default, boundaries past the first 12.8 KB are written after the shell and swapped in by
    // inline scripts, which the CSP blocks and a browser without JavaScript never runs.)
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** Reads the page asked for and has not had yet (pending, enabled, never tried on this render). */
function unreadQueries(queryClient: QueryClient, tried: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === "pending" &&
        !tried.has(query.queryHash) &&
        (query.options as { enabled?: unknown }).enabled !== false &&
        typeof query.options.queryFn === "function",
    );
}

/**
 * Renders a page with the data it needs: each pass renders with what has been read so far, then
 * reads what the page asked for and did not have. The last pass is the one sent, rendered only from
 * the state handed to the browser, so hydration sees exactly the same data.
 */
function renderPage(input: PageRenderInput): Promise<RenderedPage> {
  return renderReads.run(input.readApi, () => renderWithReads(input));
}

async function renderWithReads(input: PageRenderInput): Promise<RenderedPage> {
  // The same for every request of a server (its configuration).
  adoptSiteConfig(input.site);
  const url = new URL(input.url, "http://page.invalid");
  await preloadMatchedScreens(url.pathname);
  const element = (
    <StaticRouter location={url.pathname + url.search + url.hash}>
      <AppRoutes />
    </StaticRouter>
  );

  const reads = createQueryClient({ fromServer: true });
  const tried = new Set<string>();
  for (let pass = 1; ; pass++) {
    const state = transferState(reads);
    const view = createQueryClient({ fromServer: true });
    receiveState(view, state);
    const record: PageStatus = { status: 200 };
    const html = await renderOnce(element, view, record);
    const wanted = unreadQueries(view, tried);
    // A boundary that suspended (lazy code loading for the first time) came out as a fallback plus
    // an inline script to swap it in, which the CSP blocks: by now the code is there, render again.
    const suspended = html.includes(SUSPENDED_BOUNDARY);
    if ((wanted.length === 0 && !suspended) || pass === MAX_RENDERS) {
      const { head, body } = splitHead(html);
      return { status: record.status, head, body, state };
    }
    for (const query of wanted) tried.add(query.queryHash);
    await Promise.all(
      wanted.map((query) => reads.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
    );
  }
}

export const pageRenderer: PageRenderer = { renderPage };
