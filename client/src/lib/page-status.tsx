import { createContext, type ReactNode, useContext } from "react";

/** What the server answers for the page being rendered; the browser has no such record. */
export interface PageStatus {
  status: number;
}

const PageStatusContext = createContext<PageStatus | null>(null);

/** Server rendering only: collects the page's HTTP status while it renders. */
export function PageStatusProvider({ record, children }: { record: PageStatus; children: ReactNode }) {
  return <PageStatusContext value={record}>{children}</PageStatusContext>;
}

/**
 * Called by a screen that shows "not found" (the 404 page, an unknown playlist or genre): the
 * server then answers HTTP 404 with that screen, never a soft 404.
 */
export function useNotFoundStatus(notFound = true): void {
  const record = useContext(PageStatusContext);
  if (record && notFound) record.status = 404;
}
