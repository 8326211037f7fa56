import type { InsightEvent } from "@waveform/contracts/insights";

/**
 * Counts `event` (issue 33). This is all the site's first load holds of the insights: the queue and
 * `sendBeacon` (beacon-queue.ts) load with the first event, which on `/` comes only after the
 * visitor's first interaction (a navigation, a play, the banner scrolled into view), so they add
 * nothing to what the page loads before it (decision 0019's budget). Never on the server.
 */
export function track(event: InsightEvent): void {
  if (typeof window === "undefined") return;
  // A chunk that failed to load (offline) loses the event, nothing more.
  import("./beacon-queue").then(
    ({ beacon }) => beacon.send(event),
    () => {},
  );
}

/** Where a sponsor link's `ping` attribute reports its click (contracts: recordAdClickPing). */
export const adClickPingPath = (adId: number) => `/api/insights/ad-click/${adId}`;
