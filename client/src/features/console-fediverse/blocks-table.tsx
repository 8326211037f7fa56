import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Block } from "@waveform/contracts/fediverse-console";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import { FEDIVERSE_KEY, fediverseBlocksQuery, removeBlock } from "./console-fediverse.queries";

/** The accounts and instances blocked, oldest first, each with 'Unblock'. */
export function BlocksTable({ onResult }: { onResult: (message: string) => void }) {
  const blocks = useQuery(fediverseBlocksQuery);
  const queryClient = useQueryClient();
  const unblocking = useMutation({
    mutationFn: (block: Block) =>
      removeBlock(
        block.kind === "account"
          ? { kind: "account", value: block.value }
          : { kind: "instance", value: block.value },
      ),
    onSuccess: async (_answer, block) => {
      onResult(
        `${block.value} is no longer blocked. Its hidden comments stay hidden, and its follows are not restored.`,
      );
      await queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
    },
    onError: (error) => onResult(`The block was not lifted: ${readableError(error)}`),
  });
  if (blocks.isPending) return <p className="text-muted-foreground">Loading blocks…</p>;
  if (blocks.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        The blocks could not be loaded: {readableError(blocks.error)}
      </p>
    );
  if (blocks.data.length === 0) return <p className="text-muted-foreground">Nothing is blocked.</p>;
  return (
    <TableRegion label="Blocks table">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Blocked accounts and instances</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Blocked
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Kind
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Since
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {blocks.data.map((block) => (
            <tr key={`${block.kind} ${block.value}`} className="border-t align-top">
              <th scope="row" className="break-all px-3 py-2 font-medium">
                {block.value}
              </th>
              <td className="px-3 py-2">{block.kind === "account" ? "Account" : "Instance"}</td>
              <td className="whitespace-nowrap px-3 py-2">{consoleTime(block.createdAt)}</td>
              <td className="px-3 py-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={unblocking.isPending}
                  aria-label={`Unblock ${block.value}`}
                  onClick={() => unblocking.mutate(block)}
                >
                  Unblock
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
