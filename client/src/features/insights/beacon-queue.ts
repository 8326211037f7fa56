import type { InsightEvent } from "@waveform/contracts/insights";
import { optedOut } from "./opt-out";

/**
 * The beacon's address and batch size, as `contracts/src/insights.ts` gives them (`postInsightEvents`,
 * INSIGHT_BATCH_MAX; beacon-queue.test.ts holds them equal). Written here rather than imported: the
 * contract module builds its zod schemas as it loads, and this file must stay a few hundred bytes.
 */
export const BEACON_PATH = "/api/insights/events";
export const BATCH_MAX = 20;
/** An idle moment is waited for at most this long before a batch goes anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** The part of the browser the queue uses (tests give their own). */
export interface BeaconHost {
  /** `navigator.sendBeacon`: false when the browser refused the body (too large, quota). */
  sendBeacon(path: string, body: string): boolean;
  /** Runs `flush` at the next idle moment (at most `timeout` ms away). */
  whenIdle(flush: () => void, timeout: number): void;
  /** The visitor asked not to be tracked: Do Not Track or Global Privacy Control is on. */
  optedOut(): boolean;
  /** Calls `flush` when the page is being left or hidden (its last chance to send). */
  onLeave(flush: () => void): void;
}

/**
 * A small queue in front of `navigator.sendBeacon` (issue 33): events wait for an idle moment and go
 * as one JSON array, at most BATCH_MAX a beacon; whatever is waiting goes when the page is hidden or
 * left. Nothing is queued, nothing sent, while Do Not Track or Global Privacy Control is on. No
 * cookie is set or read: the server counts a visitor by a daily hash it never keeps (decision 0022).
 */
export function createBeaconQueue(host: BeaconHost) {
  const waiting: InsightEvent[] = [];
  let scheduled = false;
  let listening = false;

  const flush = () => {
    scheduled = false;
    while (waiting.length > 0) host.sendBeacon(BEACON_PATH, JSON.stringify(waiting.splice(0, BATCH_MAX)));
  };

  return {
    send(event: InsightEvent) {
      if (host.optedOut()) return;
      if (!listening) {
        listening = true;
        host.onLeave(flush);
      }
      waiting.push(event);
      if (waiting.length >= BATCH_MAX) flush();
      else if (!scheduled) {
        scheduled = true;
        host.whenIdle(flush, IDLE_TIMEOUT_MS);
      }
    },
    flush,
  };
}

const browser: BeaconHost = {
  sendBeacon: (path, body) => navigator.sendBeacon(path, body),
  whenIdle(flush, timeout) {
    if (typeof requestIdleCallback === "function") requestIdleCallback(flush, { timeout });
    else setTimeout(flush, timeout);
  },
  optedOut,
  onLeave(flush) {
    addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
  },
};

/** The page's one queue. */
export const beacon = createBeaconQueue(browser);
