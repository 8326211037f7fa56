import { listActivity as listActivityEndpoint } from "@waveform/contracts/console-activity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { listActivity } from "./activity.queries";

/** GET /api/admin/activity: the audit trail for the console's activity page (editors and admins). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(listActivityEndpoint),
    onRequest: app.requireOperator("editor"),
    handler: async (request) => listActivity(app.db, request.query),
  });
};
