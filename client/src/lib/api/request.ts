import { type Endpoint, fillPath } from "@waveform/contracts/endpoint";
import type * as z from "zod/mini";
import { ApiAnswerError, ApiRequestError } from "./errors";
import { readAnswer } from "./read-answer";
import { send } from "./transport";

/** The contract's schema of a 200 answer, or else of a 201 one (creations). */
type ResponseSchema<E extends Endpoint> = E["responses"][200] extends z.ZodMiniType
  ? E["responses"][200]
  : E["responses"][201] extends z.ZodMiniType
    ? E["responses"][201]
    : z.ZodMiniType;

/**
 * A reading schema must ask for no more than the contract promises (made with `z.pick`, or
 * `z.partial` for fields the screen can do without).
 */
type ReadingOf<E extends Endpoint, S extends z.ZodMiniType> =
  z.infer<ResponseSchema<E>> extends z.infer<S>
    ? unknown
    : { "answer must read a subset of the contract": never };

interface RequestOptions<S extends z.ZodMiniType = z.ZodMiniType> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * What this screen reads of the answer, when that is less than the contract's whole answer: the
   * contract's schema with list items narrowed by `z.pick` or `z.partial` (the contracts' reading
   * schemas: the fields screens require, the club's own additions optional), so fields the screen
   * never shows, or shows only when present, are not required of the server.
   */
  answer?: S;
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

async function fail(response: Response): Promise<never> {
  const text = await response.text().catch(() => "");
  throw new ApiRequestError(response.status, `${response.status}: ${text || response.statusText}`, text);
}

async function read(endpoint: Endpoint, url: string, response: Response, options: RequestOptions) {
  const request = `${endpoint.method} ${url}`;
  const json: unknown = await response.json().catch((error: unknown) => {
    throw new ApiAnswerError(request, error);
  });
  const schema = options.answer ?? endpoint.responses[response.status] ?? endpoint.responses[200];
  return schema ? readAnswer(schema, json, request) : json;
}

/**
 * Calls an endpoint and returns its answer read with the contract (or `options.answer`); any
 * non-ok status throws an ApiRequestError, an answer that does not fit an ApiAnswerError.
 *
 * Query modules import their contract module inside the query function
 * (`apiRequest((await playlistsContract()).getPlaylist, …)`), never at the top: the endpoints' zod
 * schemas then load with the first request, and a server-rendered page, which hydrates from the
 * data it came with, loads and runs no zod at all before it can answer a tap.
 */
export async function apiRequest<E extends Endpoint, S extends z.ZodMiniType = ResponseSchema<E>>(
  endpoint: E,
  options: RequestOptions<S & ReadingOf<E, S>> = {},
): Promise<z.infer<S>> {
  const url = buildUrl(endpoint, options);
  const response = await send(endpoint, url, options);
  if (!response.ok) return fail(response);
  return (await read(endpoint, url, response, options)) as z.infer<S>;
}

/**
 * Like apiRequest, but a 401 (and a 204 No Content) gives null instead of an error: for calls that
 * treat "not allowed" as "no data".
 */
export async function apiRequestOrNull<E extends Endpoint, S extends z.ZodMiniType = ResponseSchema<E>>(
  endpoint: E,
  options: RequestOptions<S & ReadingOf<E, S>> = {},
): Promise<z.infer<S> | null> {
  const url = buildUrl(endpoint, options);
  const response = await send(endpoint, url, options);
  if (response.status === 401 || response.status === 204) return null;
  if (!response.ok) return fail(response);
  return (await read(endpoint, url, response, options)) as z.infer<S>;
}

/** Sends a request whose answer body is not read (the newsletter signup). */
export async function apiSend(
  endpoint: Endpoint,
  options: Omit<RequestOptions, "answer"> = {},
): Promise<void> {
  const response = await send(endpoint, buildUrl(endpoint, options), options);
  if (!response.ok) await fail(response);
}
