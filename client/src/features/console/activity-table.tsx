import type { ActivityEntry } from "@waveform/contracts/console-activity";
import { TableRegion } from "../../components/ui/table-region";

/** UTC, written out by hand: the same text on the server and in the browser (no Intl at render). */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Who did it: the operator's email, the admin CLI, or the server itself (an account's sign-in lock). */
const actorName = (entry: ActivityEntry) =>
  entry.actorKind === "cli"
    ? "Admin CLI"
    : entry.actorKind === "system"
      ? `The server (${entry.actor})`
      : entry.actor;

function Changes({ entry }: { entry: ActivityEntry }) {
  if (entry.before === null && entry.after === null) return <span className="text-muted-foreground">—</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        Before and after
      </summary>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        {(["before", "after"] as const).map((side) => (
          <div key={side}>
            <p className="font-medium text-xs uppercase tracking-wide">{side}</p>
            <pre className="max-h-64 max-w-[80vw] overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs md:max-w-md">
              {entry[side] === null ? "(nothing)" : json(entry[side])}
            </pre>
          </div>
        ))}
      </div>
    </details>
  );
}

/** The audit trail's entries as a table: when, who, what, what happened, and the row before/after. */
export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <TableRegion label="Activity">
      <table className="w-full text-left text-sm">
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              When
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Who
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              What
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Change
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b align-top last:border-0">
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </td>
              <td className="px-3 py-2">{actorName(entry)}</td>
              <td className="px-3 py-2">
                {entry.entity} <span className="text-muted-foreground">#{entry.entityId}</span>
              </td>
              <td className="px-3 py-2">{entry.action}</td>
              <td className="px-3 py-2">
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
