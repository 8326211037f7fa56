import {
  eraseConsoleSubscriber,
  exportConsoleSubscribers,
  listConsoleSubscribers,
  SUBSCRIBERS_PAGE_SIZE,
} from "@waveform/contracts/console-subscribers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf } from "../audit/index";
import { createConsoleSubscribersRepository } from "./subscribers-console.repository";

/** The console's subscribers (admins only, issue 18): counts, search, CSV export, erasure. */
export const subscribersConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscribers = createConsoleSubscribersRepository(app.db);
  const admin = { onRequest: app.requireOperator("admin") };
  // Addresses are personal data: no cache, anywhere, keeps a copy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.route({
    ...fromEndpoint(listConsoleSubscribers),
    ...admin,
    handler: async (request) => {
      const page = request.query.page ?? 1;
      const [counts, found] = await Promise.all([
        subscribers.counts(),
        subscribers.search(request.query.q, page),
      ]);
      return { counts, ...found, page, pageSize: SUBSCRIBERS_PAGE_SIZE };
    },
  });

  app.route({
    ...fromEndpoint(exportConsoleSubscribers),
    ...admin,
    handler: async (request, reply) => {
      const status = request.query.status ?? "confirmed";
      const csv = await subscribers.exportCsv(actorOf(request), status);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="subscribers-${status}-${day}.csv"`)
        .send(csv);
    },
  });

  app.route({
    ...fromEndpoint(eraseConsoleSubscriber),
    ...admin,
    handler: async (request) => {
      if (!(await subscribers.erase(actorOf(request), request.params.id))) {
        throw new HttpError(404, "There is no such subscriber.");
      }
      return { erased: true as const };
    },
  });
};
