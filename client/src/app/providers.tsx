import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ThemeProvider } from "../components/layout/theme-provider";
import { createQueryClient } from "../lib/query-client";

export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** The client holding the data the page was rendered with (server rendering and hydration). */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
