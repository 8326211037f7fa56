import {
  CODE_FAILED,
  confirmTotpEnrolment,
  removeTotp,
  setPassword,
  startTotpEnrolment,
} from "@waveform/contracts/console-auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf, recordChange } from "../audit/index";
import { operatorAnswer } from "./console-auth.routes";
import { peekSetPasswordToken, useSetPasswordToken } from "./operator-tokens";
import { createOperatorsRepository } from "./operators.repository";
import { hashPassword } from "./password-hash";
import { passwordProblem } from "./password-policy";
import { createTotp } from "./totp";

export const LINK_FAILED = "This link has expired or was used already. Ask an administrator for a new one.";

/** A 400 with one field's message, shown next to that field by the console's forms. */
const fieldError = (reply: FastifyReply, path: string, message: string) =>
  reply.code(400).send({ error: message, issues: [{ path, message }] });

interface AccountOptions {
  sessionSecret: string;
  siteName: string;
}

/** Set a password from a one-time link; turn the TOTP second factor on and off (decision 0017). */
export const accountRoutes: FastifyPluginAsyncZod<AccountOptions> = async (app, options) => {
  const operators = createOperatorsRepository(app.db);
  const totp = createTotp(options.sessionSecret, `${options.siteName} Console`);
  // onRequest: decided before the body is validated (401, not 400, for a stranger).
  const signedIn = { onRequest: app.requireOperator("editor") };
  const me = async (request: FastifyRequest) => {
    const row = request.operator && (await operators.byId(request.operator.id));
    if (!row) throw new HttpError(401, "Please sign in to the console.");
    return row;
  };

  app.route({
    ...fromEndpoint(setPassword),
    onRequest: app.requireSameOrigin(),
    handler: async (request, reply) => {
      const { token, password } = request.body;
      // Checked before the link is used, so a refused password leaves the link working.
      const holder = await peekSetPasswordToken(app.db, token);
      if (!holder) throw new HttpError(400, LINK_FAILED);
      const problem = passwordProblem(password, holder.email);
      if (problem) return fieldError(reply, "password", problem);
      // Hashed before the transaction, which then only writes (argon2 takes tens of milliseconds).
      const passwordHash = await hashPassword(password);
      const email = await app.db.transaction(async (tx) => {
        const operator = await useSetPasswordToken(tx, token);
        if (!operator) return null;
        const repository = createOperatorsRepository(tx);
        await repository.setPassword(operator.id, passwordHash);
        // A new password ends every session made with the old one.
        await repository.endSessions(operator.id);
        const actor = { kind: "operator" as const, ...operator };
        await recordChange(tx, { actor, entity: "operator", entityId: operator.id, action: "set-password" });
        return operator.email;
      });
      if (email === null) throw new HttpError(400, LINK_FAILED);
      return { email };
    },
  });

  app.route({
    ...fromEndpoint(startTotpEnrolment),
    ...signedIn,
    handler: async (request) => {
      const operator = await me(request);
      if (operator.totpSecret) throw new HttpError(409, "Two-step sign-in is on already.");
      return totp.enrol(operator);
    },
  });

  app.route({
    ...fromEndpoint(confirmTotpEnrolment),
    ...signedIn,
    handler: async (request, reply) => {
      const operator = await me(request);
      const secret = totp.openEnrolment(request.body.enrolment, operator.id);
      if (!secret) throw new HttpError(400, "This set-up has expired. Start again.");
      const step = await totp.check(secret, request.body.code, null);
      if (step === null) return fieldError(reply, "code", CODE_FAILED);
      await app.db.transaction(async (tx) => {
        await createOperatorsRepository(tx).setTotp(operator.id, totp.seal(secret), step);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "operator",
          entityId: operator.id,
          action: "totp-on",
        });
      });
      return operatorAnswer({ ...operator, totpSecret: "on" });
    },
  });

  app.route({
    ...fromEndpoint(removeTotp),
    ...signedIn,
    handler: async (request, reply) => {
      const operator = await me(request);
      if (!operator.totpSecret) throw new HttpError(409, "Two-step sign-in is off already.");
      const step = await totp.check(totp.open(operator.totpSecret), request.body.code, operator.totpLastStep);
      if (step === null || !(await operators.acceptTotpStep(operator.id, step))) {
        return fieldError(reply, "code", CODE_FAILED);
      }
      await app.db.transaction(async (tx) => {
        await createOperatorsRepository(tx).setTotp(operator.id, null, null);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "operator",
          entityId: operator.id,
          action: "totp-off",
        });
      });
      return operatorAnswer({ ...operator, totpSecret: null });
    },
  });
};
