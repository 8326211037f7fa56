import {
  getFediverseDeliveries,
  type InstanceHealth,
  retryFediverseDeliveries,
} from "@waveform/contracts/fediverse-console";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf, recordChange } from "../audit/index";
import type { ConsoleFediverseContext } from "./federation-console-context";

/**
 * The console's delivery health: what waits in the queue, and per instance the deliveries waiting,
 * failing and given up with the last error; 'Retry now' for an instance's failed ones (audited).
 */
export function fediverseDeliveryRoutes(
  app: FastifyInstance,
  { admin, running }: ConsoleFediverseContext,
): void {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.route({
    ...fromEndpoint(getFediverseDeliveries),
    ...admin,
    handler: async () => {
      const federation = running();
      const [queue, failed, waiting] = await Promise.all([
        federation.queueDepth(),
        federation.deliveries.health(),
        federation.deliveriesWaiting(),
      ]);
      const instances: InstanceHealth[] = failed.map((row) => ({
        ...row,
        waiting: waiting?.get(row.instance) ?? 0,
        lastAttemptAt: row.lastAttemptAt.toISOString(),
      }));
      const onlyWaiting = [...(waiting ?? [])]
        .filter(([instance]) => !failed.some((row) => row.instance === instance))
        .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
      for (const [instance, count] of onlyWaiting) {
        instances.push({
          instance,
          waiting: count,
          failing: 0,
          gaveUp: 0,
          lastError: null,
          lastAttemptAt: null,
        });
      }
      return {
        queue: queue && { queued: queue.queued, ready: queue.ready ?? null, delayed: queue.delayed ?? null },
        instances,
      };
    },
  });

  route.route({
    ...fromEndpoint(retryFediverseDeliveries),
    ...admin,
    handler: async (request) => {
      const federation = running();
      const { instance } = request.body;
      const retried = await federation.deliveries.retryNow(instance);
      if (retried === 0) {
        throw new HttpError(404, `There are no failed deliveries to ${instance} to try again.`);
      }
      await recordChange(app.db, {
        actor: actorOf(request),
        entity: "fediverse-delivery",
        entityId: instance,
        action: "retry",
        after: { instance, retried },
      });
      return { retried };
    },
  });
}
