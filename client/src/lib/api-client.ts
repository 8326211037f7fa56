import { type Endpoint, fillPath } from "@waveform/contracts/endpoint";
import type { ApiError } from "@waveform/contracts/errors";
import type { ApiRead } from "@waveform/contracts/page-render";
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

/** The item asked for does not exist (404), or its address cannot name one (400): a 404 page. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** A 2xx answer that does not fit the contract as a whole (not JSON, or wrong beyond single list items). */
export class ApiAnswerError extends Error {
  constructor(
    /** `<method> <url>` of the request. */
    readonly request: string,
    cause: unknown,
  ) {
    super(`Unexpected answer from ${request}`, { cause });
    this.name = "ApiAnswerError";
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The `error` of the API's error shape (ErrorSchema in contracts/errors.ts). Read by hand: this runs
 * while pages render, and the first paint should not wait for zod.
 */
function errorText(body: unknown): string | undefined {
  const error = typeof body === "object" && body !== null ? (body as Partial<ApiError>).error : undefined;
  return typeof error === "string" ? error : undefined;
}

/**
 * The one way to turn a failed request into a sentence for a visitor: the `error` of our JSON error
 * body when there is one, else the error's message. (Texts SPEC §8 words as "the error message" —
 * the newsletter toast, the catalogue sections' notices — show the message itself, `<status>: <text>`.)
 */
export function readableError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const text = errorText(parseJson(error.body));
    if (text !== undefined) return text;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The music hub's wording for a failed call (SPEC §8): `API error: <status>`, wherever hub data shows. */
export async function inHubWords<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError) throw new Error(`API error: ${error.status}`, { cause: error });
    throw error;
  }
}

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

export interface RequestOptions<S extends z.ZodMiniType = z.ZodMiniType> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * What this screen reads of the answer, when that is less than the contract's whole answer: the
   * contract's schema with list items narrowed by `z.pick` or `z.partial` (the contracts' reading
   * schemas: SPEC §3's fields, the product's own optional), so fields the screen never shows, or
   * shows only when present, are not required of the server.
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

type Path = readonly PropertyKey[];

function pathText(path: Path): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i ? "." : ""}${String(key)}`))
    .join("");
}

interface ListItem {
  list: unknown[];
  index: number;
  path: Path;
}

/** The innermost list item an issue lies in, or null when it lies in no list (the answer itself is wrong). */
function itemOf(answer: unknown, issuePath: Path): ListItem | null {
  let item: ListItem | null = null;
  let current = answer;
  for (const [depth, key] of issuePath.entries()) {
    if (Array.isArray(current) && typeof key === "number" && key < current.length) {
      item = { list: current, index: key, path: issuePath.slice(0, depth + 1) };
    }
    if (current === null || typeof current !== "object") break;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return item;
}

/**
 * Validates an answer at the boundary, item by item: a list item that does not fit its schema is
 * left out (and logged), so one odd item never blanks a section; anything wrong outside list items
 * makes the whole answer an error. `json` is ours (freshly parsed), so items are removed in place.
 */
function readAnswer(schema: z.ZodMiniType, json: unknown, request: string): unknown {
  for (;;) {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const misfits = new Map<unknown[], Map<number, { path: Path; problems: string[] }>>();
    for (const issue of result.error.issues) {
      const item = itemOf(json, issue.path);
      if (!item) throw new ApiAnswerError(request, result.error);
      const items = misfits.get(item.list) ?? new Map();
      misfits.set(item.list, items);
      const misfit = items.get(item.index) ?? { path: item.path, problems: [] };
      items.set(item.index, misfit);
      misfit.problems.push(`${pathText(issue.path)}: ${issue.message}`);
    }
    // Every round removes at least one item, so this ends.
    for (const [list, items] of misfits) {
      for (const [index, { path, problems }] of [...items].sort(([a], [b]) => b - a)) {
        console.warn(
          `${request}: left out ${pathText(path)}, which does not fit the contract (${problems.join("; ")})`,
        );
        list.splice(index, 1);
      }
    }
  }
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

async function send(endpoint: Endpoint, url: string, options: RequestOptions): Promise<Response> {
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
 * Like apiRequest, but a 401 (and a 204 No Content) gives null instead of an error: for calls the
 * spec says treat "not allowed" as "no data".
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

/** Sends a request whose answer body is not read (SPEC §7: newsletter subscribe). */
export async function apiSend(
  endpoint: Endpoint,
  options: Omit<RequestOptions, "answer"> = {},
): Promise<void> {
  const response = await send(endpoint, buildUrl(endpoint, options), options);
  if (!response.ok) await fail(response);
}
