import {
  addOperator,
  disableOperator,
  listOperators,
  type OperatorRow as OperatorAnswer,
  resetOperatorLink,
} from "@waveform/contracts/console-operators";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf, recordChange } from "../audit/index";
import { issueSetPasswordToken, SET_PASSWORD_LINK_MS, setPasswordLink } from "./operator-tokens";
import {
  createOperatorsRepository,
  OperatorExistsError,
  type OperatorRow,
  summaryOf,
} from "./operators.repository";

const answerOf = (row: OperatorRow): OperatorAnswer => ({
  ...summaryOf(row),
  createdAt: row.createdAt.toISOString(),
});

const EXPIRES_IN_MINUTES = SET_PASSWORD_LINK_MS / 60_000;

/** /api/admin/operators: admins list, add, disable operators and give new set-password links. */
export const operatorsConsoleRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  const operators = createOperatorsRepository(app.db);
  const adminOnly = { onRequest: app.requireOperator("admin") };
  const existing = async (id: number) => {
    const row = await operators.byId(id);
    if (!row) throw new HttpError(404, "There is no such operator.");
    return row;
  };

  app.route({
    ...fromEndpoint(listOperators),
    ...adminOnly,
    handler: async () => (await operators.list()).map(answerOf),
  });

  app.route({
    ...fromEndpoint(addOperator),
    ...adminOnly,
    handler: async (request, reply) => {
      const { email, role } = request.body;
      try {
        const added = await app.db.transaction(async (tx) => {
          const row = await createOperatorsRepository(tx).create(email, role);
          const token = await issueSetPasswordToken(tx, row.id);
          const after = { email: row.email, role: row.role };
          await recordChange(tx, {
            actor: actorOf(request),
            entity: "operator",
            entityId: row.id,
            action: "create",
            after,
          });
          return { row, token };
        });
        const link = setPasswordLink(options.publicUrl, added.token);
        return reply
          .code(201)
          .send({ operator: answerOf(added.row), link, expiresInMinutes: EXPIRES_IN_MINUTES });
      } catch (error) {
        if (!(error instanceof OperatorExistsError)) throw error;
        const message = "An operator with this email exists already.";
        return reply.code(400).send({ error: message, issues: [{ path: "email", message }] });
      }
    },
  });

  app.route({
    ...fromEndpoint(disableOperator),
    ...adminOnly,
    handler: async (request) => {
      const row = await existing(request.params.id);
      if (row.id === request.operator?.id) throw new HttpError(409, "You cannot disable your own account.");
      await app.db.transaction(async (tx) => {
        await createOperatorsRepository(tx).disable(row.id);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "operator",
          entityId: row.id,
          action: "disable",
        });
      });
      return answerOf(await existing(row.id));
    },
  });

  app.route({
    ...fromEndpoint(resetOperatorLink),
    ...adminOnly,
    handler: async (request) => {
      const row = await existing(request.params.id);
      if (row.disabledAt) throw new HttpError(409, "This operator is disabled; a link would not work.");
      const token = await app.db.transaction(async (tx) => {
        const issued = await issueSetPasswordToken(tx, row.id);
        await recordChange(tx, {
          actor: actorOf(request),
          entity: "operator",
          entityId: row.id,
          action: "reset-link",
        });
        return issued;
      });
      return { link: setPasswordLink(options.publicUrl, token), expiresInMinutes: EXPIRES_IN_MINUTES };
    },
  });
};
