import type { ApiError } from "@waveform/contracts/errors";

// How a failed request reads: its error classes, and the sentence a visitor is shown.

/** A non-ok answer; the message is `<status>: <body text or status text>`. */
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
 * body when there is one, else the error's message. (The texts that show the error itself —
 * the newsletter toast, the catalogue sections' notices — show the message itself, `<status>: <text>`.)
 */
export function readableError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const text = errorText(parseJson(error.body));
    if (text !== undefined) return text;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The music hub's wording for a failed call: `API error: <status>`, wherever hub data shows. */
export async function inHubWords<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError) throw new Error(`API error: ${error.status}`, { cause: error });
    throw error;
  }
}
