import type { ApiError } from "@waveform/contracts/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

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

/** One error shape for every failure; 5xx answers never carry internals (they go to the log). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = toApiError(error);
      if (status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ status, error: body.error }, "request rejected");
      return reply.status(status).type("application/json").send(body);
    });
  },
  { name: "errors" },
);
