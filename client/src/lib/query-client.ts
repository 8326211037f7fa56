import { QueryClient } from "@tanstack/react-query";

/**
 * No retries, no refetch on focus, reconnect or interval, and data never goes stale.
 * `fromServer`: the client holds a server-rendered page's data, and a "not found" answer it carries
 * is shown as it is rather than asked again while the page hydrates (see `retryErrorsOnMount`).
 */
export function createQueryClient({ fromServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        retryOnMount: !fromServer,
      },
      mutations: { retry: false },
    },
  });
}

/** After hydration: a screen that failed to load asks again when it is shown again (TanStack's default). */
export function retryErrorsOnMount(queryClient: QueryClient): void {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: true } });
}
