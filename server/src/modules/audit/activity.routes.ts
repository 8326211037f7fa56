import { listActivity as listActivityEndpoint } from "@waveform/contracts/console-activity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { listActivity } from "./activity.queries";

/**
 * GET /api/admin/activity: the audit trail for the console's activity page. Admins read all of it,
 * editors the content entries and their own account's (activity.queries.ts, visibleTo).
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(listActivityEndpoint),
    onRequest: app.requireOperator("editor"),
    handler: async (request) => {
      if (!request.operator) throw new HttpError(401, "Please sign in to the console.");
      return listActivity(app.db, request.query, request.operator);
    },
  });
};
