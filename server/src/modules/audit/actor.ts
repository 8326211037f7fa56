import type { FastifyRequest } from "fastify";
import { HttpError } from "../../plugins/errors";
import type { Actor } from "./audit.repository";

/**
 * The audit actor of a console request. Only for routes behind `app.requireOperator(…)`: a request
 * without an operator here is a route wired without it, answered 401 rather than recorded as nobody.
 */
export function actorOf(request: FastifyRequest): Actor {
  const operator = request.operator;
  if (!operator) throw new HttpError(401, "Please sign in to the console.");
  return { kind: "operator", id: operator.id, email: operator.email };
}

/** The admin CLI's actor. */
export const cliActor: Actor = { kind: "cli" };
