import {
  CODE_FAILED,
  CODE_MESSAGE,
  getConsoleMe,
  type Operator,
  SIGN_IN_FAILED,
  signIn,
  signOut,
  signOutEverywhere,
} from "@waveform/contracts/console-auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { createKnownDevices } from "./known-device";
import { createOperatorsRepository, type OperatorRow } from "./operators.repository";
import { createSignIn } from "./sign-in";
import { createTotp } from "./totp";

interface ConsoleAuthOptions {
  /** SESSION_SECRET: the TOTP secrets are sealed with a key derived from it. */
  sessionSecret: string;
  /** The issuer shown in authenticator apps. */
  siteName: string;
  /** Sign-in attempts per client address per 15 minutes. */
  signInLimitPerAddress?: number;
  /** PUBLIC_URL: on https the device cookie is `__Host-` prefixed and Secure. */
  publicUrl: string;
}

export const operatorAnswer = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  role: row.role,
  totpEnabled: row.totpSecret !== null,
});

/** What a 429 says was counted. */
const LIMITED = {
  account: "for this account",
  address: "from your network",
  device: "from this device",
} as const;

/** Sign-in, sign-out (here or everywhere) and who am I (decision 0017). */
export const consoleAuthRoutes: FastifyPluginAsyncZod<ConsoleAuthOptions> = async (app, options) => {
  const operators = createOperatorsRepository(app.db);
  const totp = createTotp(options.sessionSecret, `${options.siteName} Console`);
  const signIns = createSignIn(app.db, totp, options.signInLimitPerAddress);
  const devices = createKnownDevices(app, options.publicUrl);
  // onRequest: decided before the body is validated (401, not 400, for a stranger).
  const signedIn = { onRequest: app.requireOperator("editor") };
  const self = async (id: number) => {
    const row = await operators.byId(id);
    if (!row) throw new HttpError(401, "Please sign in to the console.");
    return row;
  };

  app.route({
    ...fromEndpoint(signIn),
    // Not behind requireOperator (nobody is signed in yet), but a sign-in posted by another site
    // (login CSRF: signing the victim into the attacker's account) is refused all the same.
    onRequest: app.requireSameOrigin(),
    handler: async (request, reply) => {
      const outcome = await signIns.attempt(request.body, request.ip, devices.read(request));
      switch (outcome.kind) {
        case "limited": {
          const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
          const who = LIMITED[outcome.scope];
          reply.header("retry-after", String(outcome.retryAfterSeconds));
          return reply.code(429).send({
            error: `Too many sign-in attempts ${who}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          });
        }
        case "refused":
          return reply.code(401).send({ error: SIGN_IN_FAILED });
        case "code-required":
          return reply.code(401).send({ error: CODE_MESSAGE, codeRequired: true });
        case "code-refused":
          return reply.code(401).send({ error: CODE_FAILED, codeRequired: true });
        case "signed-in":
          await app.operatorSessions.signIn(request, reply, outcome.operator);
          // This browser is now a known device of the account: the account's lock spares it.
          devices.remember(reply, outcome.operator.id);
          return operatorAnswer(outcome.operator);
      }
    },
  });

  app.route({
    ...fromEndpoint(getConsoleMe),
    ...signedIn,
    handler: async (request) => operatorAnswer(await self(actorId(request.operator))),
  });

  app.route({
    ...fromEndpoint(signOut),
    ...signedIn,
    handler: async (request, reply) => {
      await app.operatorSessions.signOut(request, reply);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromEndpoint(signOutEverywhere),
    ...signedIn,
    handler: async (request, reply) => {
      await app.operatorSessions.signOutEverywhere(actorId(request.operator));
      await app.operatorSessions.signOut(request, reply);
      return reply.code(204).send(null);
    },
  });
};

/** The signed-in operator's id (routes behind requireOperator always have one). */
const actorId = (operator: { id: number } | null) => {
  if (!operator) throw new HttpError(401, "Please sign in to the console.");
  return operator.id;
};
