import { AsyncLocalStorage } from "node:async_hooks";
import type { QueryClient } from "@tanstack/react-query";
import type { ApiRead, PageRenderer, PageRenderInput, RenderedPage } from "@waveform/contracts/page-render";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Providers } from "./app/providers";
import { readRouteData } from "./app/route-data";
import { AppRoutes, matchedScreenNames, routeReads } from "./app/router";
import { answerReadsWith } from "./lib/api/transport";
import { splitHead } from "./lib/head-split";
import { type PageStatus, PageStatusProvider } from "./lib/page-status";
import { createQueryClient } from "./lib/query-client";
import { transferState } from "./lib/query-transfer";
import { adoptSiteConfig } from "./lib/site-config";

/**
 * The reader of the render in progress. The server renders pages for many requests at once, and a
 * read belongs to the render it was started in (a console page reads with its own operator's
 * session): never a module-wide "current" reader, which the next request would replace mid-render.
 */
const renderReads = new AsyncLocalStorage<(read: ApiRead) => Promise<Response>>();
answerReadsWith(() => renderReads.getStore());

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

/**
 * Reads a screen asked for while rendering that no route declared: they went out as loading states.
 * A visitor's own reads (`meta.visitorsOwn`: their Spotify session) are the browser's to make.
 */
function undeclaredReads(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === "pending" &&
        query.meta?.visitorsOwn !== true &&
        (query.options as { enabled?: unknown }).enabled !== false &&
        typeof query.options.queryFn === "function",
    )
    .map((query) => query.queryHash);
}

/**
 * Renders a page in one pass (decision 0021): the routes at its address declare the reads their
 * screens show (`queries` of each route module, dependent reads included); they are read first,
 * in-process, and the page is rendered once from them. The same state goes to the browser, which
 * hydrates from it without asking again.
 */
function renderPage(input: PageRenderInput): Promise<RenderedPage> {
  return renderReads.run(input.readApi, () => renderWithReads(input));
}

async function renderWithReads(input: PageRenderInput): Promise<RenderedPage> {
  // The same for every request of a server (its configuration).
  adoptSiteConfig(input.site);
  const url = new URL(input.url, "http://page.invalid");
  const queryClient = createQueryClient({ fromServer: true });
  await readRouteData(queryClient, await routeReads(url.pathname, url.searchParams));
  const record: PageStatus = { status: 200 };
  const html = await renderOnce(
    <StaticRouter location={url.pathname + url.search + url.hash}>
      <AppRoutes />
    </StaticRouter>,
    queryClient,
    record,
  );
  const { head, body } = splitHead(html);
  return {
    status: record.status,
    head,
    body,
    state: transferState(queryClient),
    undeclared: undeclaredReads(queryClient),
    screens: await matchedScreenNames(url.pathname),
  };
}

export const pageRenderer: PageRenderer = { renderPage };
