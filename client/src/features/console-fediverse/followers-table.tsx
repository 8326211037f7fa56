import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FediverseAccount, Follower } from "@waveform/contracts/fediverse-console";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import { ConfirmAction } from "./confirm-action";
import {
  approveFollower,
  FEDIVERSE_KEY,
  fediverseFollowersQuery,
  removeFollower,
} from "./console-fediverse.queries";

/**
 * One account's followers, follow requests first: handle, name, instance, since when, and the
 * decisions: approve or reject a request (its server is sent an Accept or a Reject), remove a
 * follower (asked once; its server is sent a Reject and it gets no more posts).
 */
export function FollowersTable({
  account,
  onResult,
}: {
  account: FediverseAccount;
  onResult: (message: string) => void;
}) {
  const [page, setPage] = useState(1);
  const list = useQuery(fediverseFollowersQuery(account.identifier, page));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
  const approving = useMutation({
    mutationFn: (follower: Follower) => approveFollower(follower.id),
    onSuccess: async ({ follower }) => {
      onResult(`${follower.handle} now follows ${account.address}; their server was told.`);
      await refresh();
    },
    onError: (error) => onResult(`The follow was not approved: ${readableError(error)}`),
  });
  const rejecting = useMutation({
    mutationFn: (follower: Follower) => removeFollower(follower.id),
    onSuccess: async (_answer, follower) => {
      onResult(`${follower.handle}'s follow request was rejected.`);
      await refresh();
    },
    onError: (error) => onResult(`The follow was not rejected: ${readableError(error)}`),
  });

  if (list.isPending) return <p className="text-muted-foreground">Loading followers…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        The followers could not be loaded: {readableError(list.error)}
      </p>
    );
  if (list.data.followers.length === 0)
    return <p className="text-muted-foreground">Nobody follows {account.address} yet.</p>;
  const pages = Math.max(1, Math.ceil(list.data.total / list.data.pageSize));
  const busy = approving.isPending || rejecting.isPending;
  return (
    <div className="space-y-3">
      <TableRegion label={`Followers of ${account.address}`}>
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Followers of {account.address}</caption>
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Follower
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Instance
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Since
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                State
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.followers.map((follower) => (
              <tr key={follower.id} className="border-t align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  <a href={follower.actorId} className="block break-all underline underline-offset-4">
                    {follower.handle}
                  </a>
                  {follower.name && (
                    <span className="block font-normal text-muted-foreground text-xs">{follower.name}</span>
                  )}
                </th>
                <td className="break-all px-3 py-2">{follower.instance}</td>
                <td className="whitespace-nowrap px-3 py-2">{consoleTime(follower.since)}</td>
                <td className="px-3 py-2">
                  {follower.state === "pending" ? "Waiting for approval" : "Following"}
                </td>
                <td className="px-3 py-2">
                  {follower.state === "pending" ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        disabled={busy}
                        aria-label={`Approve ${follower.handle}`}
                        onClick={() => approving.mutate(follower)}
                      >
                        Approve
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={`Reject ${follower.handle}`}
                        onClick={() => rejecting.mutate(follower)}
                      >
                        Reject
                      </Button>
                    </div>
                  ) : (
                    <ConfirmAction
                      trigger="Remove"
                      triggerLabel={`Remove ${follower.handle}`}
                      title="Remove this follower?"
                      description={`${follower.handle} will get no more posts from ${account.address}, and their server is told they no longer follow it. They may follow again.`}
                      confirm="Remove follower"
                      busyLabel="Removing…"
                      act={async () => {
                        await removeFollower(follower.id);
                        onResult(`${follower.handle} no longer follows ${account.address}.`);
                        await refresh();
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {pages > 1 && (
        <nav aria-label="Follower pages" className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {pages} ({list.data.total} in all)
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
