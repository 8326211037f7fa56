import { INSIGHT_BATCH_MAX, InsightBatchSchema, postInsightEvents } from "@waveform/contracts/insights";
import { afterEach, describe, expect, it } from "vitest";
import { BATCH_MAX, BEACON_PATH, type BeaconHost, createBeaconQueue } from "./beacon-queue";
import { optedOut } from "./opt-out";
import { adClickPingPath } from "./track";

/** A browser whose idle moments, page leaving and privacy settings the test decides. */
function fakeHost({ optedOut = false } = {}) {
  const sent: { path: string; events: unknown[] }[] = [];
  const idle: (() => void)[] = [];
  const leave: (() => void)[] = [];
  const host: BeaconHost = {
    sendBeacon(path, body) {
      sent.push({ path, events: JSON.parse(body) });
      return true;
    },
    whenIdle: (flush) => idle.push(flush),
    optedOut: () => optedOut,
    onLeave: (flush) => leave.push(flush),
  };
  const runIdle = () => {
    for (const run of idle.splice(0)) run();
  };
  return { host, sent, runIdle, leave };
}

const view = (path: string) => ({ kind: "pageview" as const, path });

describe("the beacon queue", () => {
  it("speaks the contract: its path, its batch size, a body the server's schema accepts", () => {
    expect(BEACON_PATH).toBe(postInsightEvents.path);
    expect(BATCH_MAX).toBe(INSIGHT_BATCH_MAX);
    expect(adClickPingPath(7)).toBe("/api/insights/ad-click/7");
    const { host, sent, runIdle } = fakeHost();
    createBeaconQueue(host).send({ kind: "play", episodeId: 3, stage: "listened30" });
    runIdle();
    expect(InsightBatchSchema.safeParse(sent[0]?.events).success).toBe(true);
  });

  it("waits for an idle moment, then sends what has gathered as one beacon", () => {
    const { host, sent, runIdle } = fakeHost();
    const queue = createBeaconQueue(host);
    queue.send(view("/genres"));
    queue.send({ kind: "search-empty", term: "zzz" });
    queue.send({ kind: "ad-impression", adId: 2 });
    expect(sent).toEqual([]);
    runIdle();
    expect(sent).toEqual([
      {
        path: "/api/insights/events",
        events: [view("/genres"), { kind: "search-empty", term: "zzz" }, { kind: "ad-impression", adId: 2 }],
      },
    ]);
    // Nothing waiting: no empty beacon on the next idle moment or when the page is left.
    runIdle();
    queue.flush();
    expect(sent).toHaveLength(1);
  });

  it("sends a full batch at once and never more than the batch size in one beacon", () => {
    const { host, sent, runIdle } = fakeHost();
    const queue = createBeaconQueue(host);
    for (let index = 0; index < BATCH_MAX + 3; index++) queue.send(view(`/playlist/${index}`));
    expect(sent.map((beacon) => beacon.events.length)).toEqual([BATCH_MAX]);
    runIdle();
    expect(sent.map((beacon) => beacon.events.length)).toEqual([BATCH_MAX, 3]);
  });

  it("sends what is waiting when the page is hidden or left, before any idle moment", () => {
    const { host, sent, leave } = fakeHost();
    const queue = createBeaconQueue(host);
    queue.send(view("/about"));
    queue.send(view("/charts"));
    expect(leave).toHaveLength(1);
    for (const flush of leave) flush();
    expect(sent).toEqual([{ path: BEACON_PATH, events: [view("/about"), view("/charts")] }]);
  });

  it("sends nothing, and queues nothing, while Do Not Track or Global Privacy Control is on", () => {
    const { host, sent, runIdle, leave } = fakeHost({ optedOut: true });
    const queue = createBeaconQueue(host);
    queue.send(view("/genres"));
    queue.send({ kind: "ad-click", adId: 1 });
    runIdle();
    for (const flush of leave) flush();
    queue.flush();
    expect(sent).toEqual([]);
  });
});

describe("optedOut", () => {
  const set = (name: "doNotTrack" | "globalPrivacyControl", value: unknown) =>
    Object.defineProperty(navigator, name, { value, configurable: true });
  afterEach(() => {
    set("doNotTrack", null);
    set("globalPrivacyControl", undefined);
  });

  it("reads Do Not Track and Global Privacy Control from the browser", () => {
    expect(optedOut()).toBe(false);
    set("doNotTrack", "1");
    expect(optedOut()).toBe(true);
    set("doNotTrack", "0");
    expect(optedOut()).toBe(false);
    set("globalPrivacyControl", true);
    expect(optedOut()).toBe(true);
  });
});
