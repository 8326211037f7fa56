import { getInsightsReport, INSIGHTS_CSV_PATH, InsightsQuerySchema } from "@waveform/contracts/insights";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { insightsCsv } from "./insights-csv";

/** The console's report (editors and admins): JSON for the page, CSV to download. */
export const insightsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(getInsightsReport),
    onRequest: app.requireOperator("editor"),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return app.insights.repository.report(request.query.days ?? 7, app.insights.now());
    },
  });

  app.route({
    method: "GET",
    url: INSIGHTS_CSV_PATH,
    schema: { querystring: InsightsQuerySchema },
    onRequest: app.requireOperator("editor"),
    handler: async (request, reply) => {
      const report = await app.insights.repository.report(request.query.days ?? 7, app.insights.now());
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="insights-${report.from}-to-${report.to}.csv"`)
        .type("text/csv; charset=utf-8")
        .send(insightsCsv(report));
    },
  });
};
