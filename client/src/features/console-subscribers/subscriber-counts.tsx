import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "@waveform/contracts/console-subscribers";
import { Card } from "../../components/ui/card";

const LABELS: Record<SubscriberStatus | "total", string> = {
  total: "All",
  confirmed: "Confirmed",
  pending: "Pending",
  unsubscribed: "Unsubscribed",
};

/** The number of subscribers by status, as a list of terms and figures. */
export function SubscriberCounts({ counts }: { counts: Record<SubscriberStatus | "total", number> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {(["total", ...SUBSCRIBER_STATUSES] as const).map((key) => (
        <Card key={key} className="p-4">
          <dt className="text-muted-foreground text-sm">{LABELS[key]}</dt>
          <dd className="font-bold text-2xl tabular-nums">{counts[key]}</dd>
        </Card>
      ))}
    </dl>
  );
}
