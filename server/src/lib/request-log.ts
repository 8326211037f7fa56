import { NEWSLETTER_PAGES } from "@waveform/contracts/newsletter";
import { SPOTIFY_CALLBACK_PATH } from "@waveform/contracts/spotify-links";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Addresses whose query strings carry secrets: the newsletter links' single-use tokens (the pages
 * and the API), and the OAuth callback's code and state. Every value of their query is redacted.
 */
const TOKEN_BEARING_PATHS = new Set<string>([
  NEWSLETTER_PAGES.confirm,
  NEWSLETTER_PAGES.unsubscribe,
  "/api/newsletter/confirm",
  "/api/newsletter/unsubscribe",
  SPOTIFY_CALLBACK_PATH,
]);
/** On any other address, these parameters are redacted all the same. */
const SECRET_PARAMETERS = new Set(["token", "code", "state"]);
export const REDACTED = "[redacted]";
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,31}$/;

/**
 * A request URL as it may be logged: on the token-bearing addresses every query value is replaced
 * by `[redacted]`, elsewhere the values of `token`, `code` and `state` are. Names stay (they say
 * what was asked); the rest of the URL is kept as sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const path = url.slice(0, queryAt);
  const bearing = TOKEN_BEARING_PATHS.has(path.replace(/\/+$/, "") || "/");
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll("+", " "));
      } catch {
        // a malformed escape: judged by its raw name
      }
      if (!bearing && !SECRET_PARAMETERS.has(name.toLowerCase())) return pair;
      // A pair without "=" (or an odd name) on a token-bearing address may be the token itself.
      if (equals < 0 || !PLAIN_NAME.test(rawName)) return REDACTED;
      return `${rawName}=${REDACTED}`;
    });
  return `${path}?${query.join("&")}`;
}

/**
 * Fastify's per-request log lines, replaced. Fastify writes two lines per request ("incoming
 * request", "request completed") at `info`, which halves the throughput of cached reads. Here:
 * - with `accessLog` (ACCESS_LOG), one `info` line per request once it is answered;
 * - without it, only answers with status ≥ 500 and responses that failed to send, at `error`
 *   (except a 503 with Retry-After: an outage, logged once by plugins/errors.ts, or load shed).
 * Thrown errors are logged by the error handler (plugins/errors.ts) in both cases. URLs are logged
 * through `redactUrl`: never the tokens of the newsletter links or the OAuth callback's code. No
 * line carries the visitor's address: nothing that reads the logs needs it, and the privacy page
 * promises that the address is kept only by the rate limits, for their window (issue 43).
 */
export class RequestLogController extends LogController {
  readonly accessLog: boolean;

  constructor(options: { accessLog: boolean }) {
    super();
    this.accessLog = options.accessLog;
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const statusCode = reply.statusCode;
    // A 503 with Retry-After was chosen: the database is down (plugins/errors.ts logs the outage
    // once, not once per request) or the server sheds load on purpose. Not a fault of this request.
    const deliberate = statusCode === 503 && reply.hasHeader("retry-after");
    if (error) {
      reply.log.error({ ...line(request, reply), err: error }, "response failed");
    } else if (statusCode >= 500 && !deliberate) {
      reply.log.error(line(request, reply), `${request.method} ${redactUrl(request.url)} ${statusCode}`);
    } else if (this.accessLog) {
      reply.log.info(line(request, reply), `${request.method} ${redactUrl(request.url)} ${statusCode}`);
    }
  }
}

function line(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    statusCode: reply.statusCode,
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
  };
}
