import type { ConsoleSubscriber } from "@waveform/contracts/console-subscribers";
import { TableRegion } from "../../components/ui/table-region";
import { EraseDialog } from "./erase-dialog";

/** A day in UTC, written out by hand (the same text on the server and in the browser). */
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** One page of subscribers: address, status, when they agreed and confirmed, where; 'Remove'. */
export function SubscribersTable({
  subscribers,
  onErased,
}: {
  subscribers: ConsoleSubscriber[];
  onErased: (message: string) => void;
}) {
  return (
    <TableRegion label="Subscribers table">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Subscribers</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Address
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Agreed
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Confirmed
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Signed up on
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id} className="border-t">
              <th scope="row" className="break-all px-3 py-2 font-medium">
                {subscriber.email}
              </th>
              <td className="px-3 py-2 capitalize">{subscriber.status}</td>
              <td className="whitespace-nowrap px-3 py-2">{day(subscriber.consentAt)}</td>
              <td className="whitespace-nowrap px-3 py-2">{day(subscriber.confirmedAt)}</td>
              <td className="px-3 py-2">{subscriber.sourcePage ?? "—"}</td>
              <td className="px-3 py-2">
                <EraseDialog subscriber={subscriber} onErased={onErased} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
