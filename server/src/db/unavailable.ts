/**
 * Whether an error means the database cannot be reached (down, restarting, refusing connections),
 * as opposed to a bad query: the first is a 503 the visitor may retry, the second a 500 bug.
 * Looks through `cause` (drizzle wraps a driver's error in its own).
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);
/** PostgreSQL SQLSTATEs: class 08 (connection exception), shutdowns, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(?:08...|57P0[123]|53300)$/;
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|PGlite is closed/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (DRIVER_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
