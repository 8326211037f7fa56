import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FediverseAccount } from "@waveform/contracts/fediverse-console";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { FEDIVERSE_KEY, setApproval } from "./console-fediverse.queries";

/**
 * The club's account and each show's: its address, followers, follow requests waiting, whether
 * follows wait for approval (a checkbox that saves at once), and the button that lists its followers.
 */
export function AccountsTable({
  accounts,
  selected,
  onSelect,
  onResult,
}: {
  accounts: FediverseAccount[];
  selected: string;
  onSelect: (identifier: string) => void;
  onResult: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const approval = useMutation({
    mutationFn: ({ identifier, on }: { identifier: string; on: boolean }) => setApproval(identifier, on),
    onSuccess: async ({ account }) => {
      onResult(
        account.manuallyApproves
          ? `New follows of ${account.address} now wait for your approval.`
          : `New follows of ${account.address} are now accepted at once.`,
      );
      await queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
    },
    onError: (error) => onResult(`The approval setting was not saved: ${readableError(error)}`),
  });
  return (
    <TableRegion label="Accounts table">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Fediverse accounts</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Account
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Followers
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Waiting
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Approve follows
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.identifier} className="border-t align-top">
              <th scope="row" className="px-3 py-2 font-medium">
                <span className="block break-all">{account.address}</span>
                <span className="block font-normal text-muted-foreground text-xs">
                  {account.kind === "club" ? "The club" : "A club show"}
                </span>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{account.followers}</td>
              <td className="px-3 py-2 text-right tabular-nums">{account.pending}</td>
              <td className="px-3 py-2">
                <label className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--primary)]"
                    aria-label={`By hand: ${account.address}`}
                    checked={account.manuallyApproves}
                    disabled={approval.isPending}
                    onChange={(event) =>
                      approval.mutate({ identifier: account.identifier, on: event.target.checked })
                    }
                  />
                  <span>By hand</span>
                </label>
              </td>
              <td className="px-3 py-2">
                <Button
                  variant={selected === account.identifier ? "default" : "outline"}
                  size="sm"
                  aria-pressed={selected === account.identifier}
                  aria-label={`Followers of ${account.address}`}
                  onClick={() => onSelect(account.identifier)}
                >
                  Followers
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
