import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./api/errors";

/**
 * The data a server-rendered page was rendered with, handed to the browser so it renders the same
 * markup without fetching again. Successful reads travel as they are; a 4xx answer (an unknown
 * playlist, say) travels as its ApiRequestError so the browser shows the same "not found" screen.
 * Other failures do not travel: the browser asks again.
 */
interface TransferredError {
  apiRequestError: { status: number; message: string; body: string };
}

function isClientError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

export function transferState(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === "success" ||
      (query.state.status === "error" && isClientError(query.state.error)),
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (isClientError(error)) {
      const transferred: TransferredError = {
        apiRequestError: { status: error.status, message: error.message, body: error.body },
      };
      (query.state as { error: unknown }).error = transferred;
    }
  }
  // Safe inside <script type="application/json">: no "<" can close the element.
  return JSON.stringify(state).replaceAll("<", "\\u003c");
}

function revive(error: unknown): unknown {
  const transferred = (error as TransferredError | null)?.apiRequestError;
  if (!transferred) return error;
  return new ApiRequestError(transferred.status, transferred.message, transferred.body);
}

export function receiveState(queryClient: QueryClient, json: string): void {
  const state = JSON.parse(json) as DehydratedState;
  for (const query of state.queries) {
    if (query.state.error) (query.state as { error: unknown }).error = revive(query.state.error);
  }
  hydrate(queryClient, state);
}
