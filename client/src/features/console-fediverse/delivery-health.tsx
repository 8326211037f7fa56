import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import { FEDIVERSE_KEY, fediverseDeliveriesQuery, retryDeliveries } from "./console-fediverse.queries";

/**
 * What waits in the delivery queue, and per instance: the deliveries waiting for it, how many failed
 * and are still being retried, how many were given up, its last error and when; 'Retry now' sends
 * the failed ones again at once (an instance that was down and is back need not wait for the next
 * scheduled attempt).
 */
export function DeliveryHealth({ onResult }: { onResult: (message: string) => void }) {
  const health = useQuery(fediverseDeliveriesQuery);
  const queryClient = useQueryClient();
  const retrying = useMutation({
    mutationFn: retryDeliveries,
    onSuccess: async ({ retried }, instance) => {
      onResult(`${retried} delivery(ies) to ${instance} are being tried again now.`);
      await queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
    },
    onError: (error) => onResult(`Nothing was retried: ${readableError(error)}`),
  });
  if (health.isPending) return <p className="text-muted-foreground">Loading delivery health…</p>;
  if (health.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        Delivery health could not be loaded: {readableError(health.error)}
      </p>
    );
  const { queue, instances } = health.data;
  return (
    <div className="space-y-3">
      <p className="text-sm">
        {queue
          ? `In the queue: ${queue.queued} message(s)${queue.delayed !== null ? `, ${queue.delayed} of them waiting for a later attempt` : ""}.`
          : "The queue does not say how many messages wait in it."}
      </p>
      {instances.length === 0 ? (
        <p className="text-muted-foreground">Nothing waits: every instance has taken its deliveries.</p>
      ) : (
        <TableRegion label="Delivery health table">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Instances with deliveries waiting or failed</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Instance
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Waiting
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Retrying
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Given up
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Last error
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {instances.map((row) => (
                <tr key={row.instance} className="border-t align-top">
                  <th scope="row" className="break-all px-3 py-2 font-medium">
                    {row.instance}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{row.waiting}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.failing}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.gaveUp}</td>
                  <td className="max-w-[20rem] px-3 py-2">
                    {row.lastError === null ? (
                      <span className="text-muted-foreground">None: on its way</span>
                    ) : (
                      <>
                        <span className="block break-words text-destructive dark:text-red-400">
                          {row.lastError}
                        </span>
                        {row.lastAttemptAt && (
                          <span className="block text-muted-foreground text-xs">
                            {consoleTime(row.lastAttemptAt)}
                          </span>
                        )}
                      </>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {row.failing + row.gaveUp > 0 && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={retrying.isPending}
                        aria-label={`Retry now: ${row.instance}`}
                        onClick={() => retrying.mutate(row.instance)}
                      >
                        Retry now
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}
