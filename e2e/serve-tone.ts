import { readFileSync } from "node:fs";
import type { Route } from "@playwright/test";

/** A 30 s MP3 (fixtures/audio/README.md) stands in for every episode's audio. */
const tone = readFileSync(new URL("./fixtures/audio/tone.mp3", import.meta.url));
/** A 2 s MP3, for an episode that should end quickly (the queue's auto-advance). */
const shortTone = readFileSync(new URL("./fixtures/audio/tone-2s.mp3", import.meta.url));

/** Answers an audio request with `body` as a media server does: whole (200) or the asked range (206). */
function serveAudio(body: Buffer, route: Route) {
  const headers = { "content-type": "audio/mpeg", "accept-ranges": "bytes" };
  const range = /^bytes=(\d*)-(\d*)$/.exec(route.request().headers().range ?? "");
  if (!range) return route.fulfill({ status: 200, headers, body });
  const [, first = "", last = ""] = range;
  const start = first === "" ? Math.max(0, body.length - Number(last)) : Number(first);
  const end = first !== "" && last !== "" ? Math.min(Number(last), body.length - 1) : body.length - 1;
  return route.fulfill({
    status: 206,
    headers: { ...headers, "content-range": `bytes ${start}-${end}/${body.length}` },
    // A copy, not a view: on Node 24 Playwright sent a view's range of a larger Buffer wrong (the
    // audio never settled and two player journeys timed out; a copy plays as on Node 20).
    body: Buffer.from(body.subarray(start, end + 1)),
  });
}

export const serveTone = (route: Route) => serveAudio(tone, route);
export const serveShortTone = (route: Route) => serveAudio(shortTone, route);
