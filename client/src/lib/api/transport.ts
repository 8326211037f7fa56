import type { Endpoint } from "@waveform/contracts/endpoint";
import type { ApiRead } from "@waveform/contracts/page-render";

/*
 * Where a request goes: `fetch` in the browser; in-process reads while the server renders a page.
 *
 * The read path, named once (docs/architecture.md, "The read path"; decision 0021):
 *   route module `queries` (app/route-data.ts) → a feature's `queryOptions` → `apiRequest`
 *   (./request.ts) → `send` here → in the browser `fetch /api/...` → the answer lane or Fastify →
 *   the module's `pageReads.route` handler; on the server `readApi` → `pageReads.read` → the same
 *   handler → catalogue cache or repository → the database. The answer comes back through
 *   ./read-answer.ts (checked with the contract item by item) or ./errors.ts (a failure).
 */

/** What the request asks: its path parameters, query, body and abort signal. */
interface Sent {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

type ReadApi = (read: ApiRead) => Promise<Response>;

/**
 * While rendering pages on the server, reads go to the server's repositories instead of fetch:
 * to the reader of the render in progress. The server renders many pages at once, each for its own
 * request (a console page with its operator's session), so the reader is looked up per call.
 */
let serverReads: (() => ReadApi | undefined) | null = null;

/**
 * Called once by the server entry: from then on every request is answered by the reader that
 * `currentReader` gives for the render it belongs to. A request outside any render fails.
 */
export function answerReadsWith(currentReader: () => ReadApi | undefined): void {
  serverReads = currentReader;
}

function asText(values: Record<string, string | number | undefined> = {}): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") text[key] = String(value);
  }
  return text;
}

export async function send(endpoint: Endpoint, url: string, options: Sent): Promise<Response> {
  if (serverReads) {
    const readApi = serverReads();
    if (!readApi) throw new Error(`${endpoint.method} ${endpoint.path} was asked outside a page render`);
    return readApi({
      method: endpoint.method,
      path: endpoint.path,
      params: asText(options.params),
      query: asText(options.query),
    });
  }
  const hasBody = options.body !== undefined;
  return fetch(url, {
    method: endpoint.method,
    credentials: "include",
    headers: hasBody ? { "content-type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
}
