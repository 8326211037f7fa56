import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdState, ConsoleAd } from "@waveform/contracts/console-ads";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { consoleAdsQuery, endAd } from "./console-ads.queries";

const STATE: Record<AdState, { label: string; tone: BadgeTone }> = {
  live: { label: "Live", tone: "green" },
  scheduled: { label: "Scheduled", tone: "blue" },
  ended: { label: "Ended", tone: "outline" },
};

/** A stored time in UTC, written out by hand (same text on the server and in the browser). */
const when = (iso: string | null, none: string) =>
  iso ? `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC` : none;

/** Every advertisement: live, scheduled and ended, with 'End now' for those not ended. */
export function AdsTable({ ads, onResult }: { ads: ConsoleAd[]; onResult: (message: string) => void }) {
  const queryClient = useQueryClient();
  const ending = useMutation({
    mutationFn: endAd,
    onSuccess: async ({ ad }) => {
      onResult(`Ended "${ad.title}".`);
      await queryClient.invalidateQueries({ queryKey: consoleAdsQuery.queryKey });
    },
    onError: (error) => onResult(`The advertisement was not ended: ${readableError(error)}`),
  });
  if (ads.length === 0) return <p className="text-muted-foreground">No advertisements yet.</p>;
  return (
    <TableRegion label="Advertisements table">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Advertisements</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Advertisement
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              State
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Starts
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Ends
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Weight
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ads.map((ad) => (
            <tr key={ad.id} className="border-t align-top">
              <th scope="row" className="px-3 py-2 font-medium">
                <span className="block">{ad.title}</span>
                <span className="block break-all font-normal text-muted-foreground text-xs">{ad.ctaUrl}</span>
              </th>
              <td className="px-3 py-2">
                <Badge tone={STATE[ad.state].tone}>{STATE[ad.state].label}</Badge>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{when(ad.startsAt, "At once")}</td>
              <td className="whitespace-nowrap px-3 py-2">{when(ad.endsAt, "Open-ended")}</td>
              <td className="px-3 py-2 text-right tabular-nums">{ad.weight}</td>
              <td className="px-3 py-2">
                {ad.state !== "ended" && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`End now: ${ad.title}`}
                    disabled={ending.isPending && ending.variables === ad.id}
                    onClick={() => ending.mutate(ad.id)}
                  >
                    End now
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
