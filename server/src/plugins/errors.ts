import type { ApiError } from "@waveform/contracts/errors";
import { outOfRangeIdMessage } from "@waveform/contracts/row-id";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/unavailable";

/** Seconds a visitor is asked to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The music library is unavailable right now. Please try again in a moment.";
/** How often, during an outage, the server asks the database whether it is back. */
const RECOVERY_PROBE_MS = 2000;

/** An error whose message is meant for the visitor: thrown by handlers for a 4xx answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

function toApiError(error: FastifyError): { status: number; body: ApiError } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // An id no row can have (rowIdParam) asks for what does not exist: 404, as for an unknown id.
    // (Each entry's `params` is the zod issue less its path, code and message.)
    const notFound = outOfRangeIdMessage(
      error.validation.map((entry) => ({ ...entry.params, message: entry.message })),
    );
    if (notFound !== null) return { status: 404, body: { error: notFound } };
    return {
      status: 400,
      body: {
        error: "Invalid request",
        issues: error.validation.map((issue) => ({
          path: issue.instancePath.slice(1).replaceAll("/", ".") || (error.validationContext ?? ""),
          message: issue.message ?? "Invalid value",
        })),
      },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { error: error.message } };
  return { status: status >= 500 && status < 600 ? status : 500, body: { error: "Internal server error" } };
}

/**
 * An outage is logged once when it starts and once when it ends, not once per request: while it
 * lasts, the server pings the database every couple of seconds to see it back.
 */
function outageLog(app: FastifyInstance) {
  let probe: NodeJS.Timeout | undefined;
  let since = 0;
  app.addHook("onClose", async () => clearInterval(probe));
  return (error: FastifyError) => {
    if (probe) return;
    app.log.error({ err: error }, "the database is unavailable: answering 503 until it is back");
    if (!app.hasDecorator("database")) return;
    since = Date.now();
    probe = setInterval(() => {
      app.database.ping().then(
        () => {
          clearInterval(probe);
          probe = undefined;
          app.log.info({ outageMs: Date.now() - since }, "the database is back");
        },
        () => {},
      );
    }, RECOVERY_PROBE_MS);
    probe.unref();
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Notes that `error` found the database unavailable (logged once per outage, then probed until
     * it is back), for code that answers the 503 itself: the page renderer's reads.
     */
    noteDatabaseUnavailable(error: Error): void;
  }
}

/** A 503 that asks the visitor to come back: the database is down, or the server sheds load. */
function sendUnavailable(reply: FastifyReply, retryAfterSeconds: number, message: string) {
  return reply
    .status(503)
    .header("retry-after", String(retryAfterSeconds))
    .header("cache-control", "no-store")
    .type("application/json")
    .send({ error: message });
}

/** One error shape for every failure; 5xx answers never carry internals (they go to the log). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    const databaseDown = outageLog(app);
    app.decorate("noteDatabaseUnavailable", (error: Error) => databaseDown(error as FastifyError));
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        databaseDown(error);
        return sendUnavailable(reply, DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE);
      }
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (error instanceof HttpError && error.statusCode === 503 && typeof retryAfter === "number") {
        // Load shed on purpose (a full ConcurrencyGate): not a fault, so not logged as one.
        return sendUnavailable(reply, retryAfter, error.message);
      }
      const { status, body } = toApiError(error);
      if (status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ status, error: body.error }, "request rejected");
      return reply.status(status).type("application/json").send(body);
    });
  },
  { name: "errors" },
);
