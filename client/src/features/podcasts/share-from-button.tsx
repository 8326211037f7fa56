import { Share2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { formatDuration } from "../../lib/format";
import { copyLink } from "../../lib/share";
import { useEpisodePosition } from "../player";

/** The page's address with `?t=<m:ss>` of where the episode is now (none at the start). */
export function shareAddress(pageUrl: string, seconds: number): string {
  const url = new URL(pageUrl);
  url.search = "";
  url.hash = "";
  const whole = Math.floor(seconds);
  if (whole > 0) url.searchParams.set("t", formatDuration(whole));
  // `:` needs no escaping in a query; kept readable as `?t=1:23`.
  return url.toString().replace(/%3A/g, ":");
}

/**
 * 'Share from m:ss': copies the episode page's address starting at the current (or last) position;
 * before the episode has played, at the page's own start (`?t=`) if it has one.
 */
export function ShareFromButton({
  episodeId,
  startAt = null,
}: {
  episodeId: number;
  startAt?: number | null;
}) {
  const played = useEpisodePosition(episodeId);
  const position = played > 0 ? played : (startAt ?? 0);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => copyLink(shareAddress(window.location.href, position))}
    >
      <Share2 aria-hidden="true" />
      Share from {formatDuration(position)}
    </Button>
  );
}
