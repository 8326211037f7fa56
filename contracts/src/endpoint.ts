import type * as z from "zod/mini";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One API endpoint as both sides see it. The server registers it with these schemas (the zod type
 * provider validates input and serializes output); the client builds the URL from `path` and parses
 * the answer with `responses[200]` (or whichever 2xx it expects).
 */
export interface Endpoint {
  method: HttpMethod;
  path: `/api/${string}`;
  params?: z.ZodMiniType;
  querystring?: z.ZodMiniType;
  body?: z.ZodMiniType;
  responses: Partial<Record<number, z.ZodMiniType>>;
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** Fills `:name` segments of an endpoint path, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
