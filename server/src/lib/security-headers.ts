import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, worked out once: our policy has no per-request part (no nonces), so instead of
 * running helmet's dozen middlewares on every request we run them once against a recording
 * response and send the recorded headers. Helmet stays the source of truth for names and values.
 */
export function computeHelmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
