import { type Endpoint, fillPath } from "@waveform/contracts/endpoint";
import type * as z from "zod/mini";

/** A non-ok answer; the message is `<status>: <body text or status text>` (SPEC §8). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's text, as sent. */
    readonly body = "",
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/**
 * A sentence for a visitor: the `error` of our JSON error body when there is one, else the
 * error's message.
 */
export function readableError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    try {
      const parsed: unknown = JSON.parse(error.body);
      if (parsed && typeof parsed === "object" && "error" in parsed && typeof parsed.error === "string") {
        return parsed.error;
      }
    } catch {
      // not JSON: fall through to the message
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** The answer of a 200 endpoint, or else of a 201 one (creations). */
type SuccessData<E extends Endpoint> = E["responses"][200] extends z.ZodMiniType
  ? z.infer<E["responses"][200]>
  : E["responses"][201] extends z.ZodMiniType
    ? z.infer<E["responses"][201]>
    : unknown;

export interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(endpoint: Endpoint, options: RequestOptions): string {
  const path = fillPath(endpoint.path, options.params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

async function send(endpoint: Endpoint, options: RequestOptions): Promise<Response> {
  const hasBody = options.body !== undefined;
  const response = await fetch(buildUrl(endpoint, options), {
    method: endpoint.method,
    credentials: "include",
    headers: hasBody ? { "content-type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  return response;
}

async function fail(response: Response): Promise<never> {
  const text = await response.text().catch(() => "");
  throw new ApiRequestError(response.status, `${response.status}: ${text || response.statusText}`, text);
}

function parse<E extends Endpoint>(endpoint: E, status: number, json: unknown): SuccessData<E> {
  const schema = endpoint.responses[status] ?? endpoint.responses[200];
  return (schema ? schema.parse(json) : json) as SuccessData<E>;
}

/** Calls an endpoint and returns its answer parsed with the contract; any non-ok status throws. */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions = {},
): Promise<SuccessData<E>> {
  const response = await send(endpoint, options);
  if (!response.ok) return fail(response);
  return parse(endpoint, response.status, await response.json());
}

/**
 * Like apiRequest, but a 401 (and a 204 No Content) gives null instead of an error: for calls the
 * spec says treat "not allowed" as "no data".
 */
export async function apiRequestOrNull<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions = {},
): Promise<SuccessData<E> | null> {
  const response = await send(endpoint, options);
  if (response.status === 401 || response.status === 204) return null;
  if (!response.ok) return fail(response);
  return parse(endpoint, response.status, await response.json());
}

/** Sends a request whose answer body is not read (SPEC §7: newsletter subscribe). */
export async function apiSend(endpoint: Endpoint, options: RequestOptions = {}): Promise<void> {
  const response = await send(endpoint, options);
  if (!response.ok) await fail(response);
}
