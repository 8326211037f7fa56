import { readFileSync } from "node:fs";
import type { Route } from "@playwright/test";

/** A 30 s MP3 (fixtures/audio/README.md) stands in for every episode's audio. */
const tone = readFileSync(new URL("./fixtures/audio/tone.mp3", import.meta.url));

/** Answers an audio request as a media server does: whole (200) or the asked range (206). */
export function serveTone(route: Route) {
  const headers = { "content-type": "audio/mpeg", "accept-ranges": "bytes" };
  const range = /^bytes=(\d*)-(\d*)$/.exec(route.request().headers().range ?? "");
  if (!range) return route.fulfill({ status: 200, headers, body: tone });
  const [, first = "", last = ""] = range;
  const start = first === "" ? Math.max(0, tone.length - Number(last)) : Number(first);
  const end = first !== "" && last !== "" ? Math.min(Number(last), tone.length - 1) : tone.length - 1;
  return route.fulfill({
    status: 206,
    headers: { ...headers, "content-range": `bytes ${start}-${end}/${tone.length}` },
    body: tone.subarray(start, end + 1),
  });
}
