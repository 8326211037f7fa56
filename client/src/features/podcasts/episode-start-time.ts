import type { TranscriptCue } from "@waveform/contracts/podcast-pages";

/**
 * A `?t=` start time in seconds: `83`, `83s`, `1:23` or `1:02:03`; null when absent or malformed
 * (then the episode plays from where it was left, as without one).
 */
export function parseStartTime(value: string | null | undefined): number | null {
  const text = value?.trim() ?? "";
  const seconds = /^(\d{1,6})s?$/.exec(text);
  if (seconds) return Number(seconds[1]);
  const clock = /^(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)$/.exec(text);
  if (!clock) return null;
  const [, hours = "0", minutes = "0", secs = "0"] = clock;
  if (clock[1] !== undefined && Number(minutes) > 59) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
}

/** The index of the cue being spoken at `position` (the last one started), or -1 before the first. */
export function currentCueIndex(cues: TranscriptCue[], position: number): number {
  let found = -1;
  for (const [index, cue] of cues.entries()) {
    if (cue.start > position) break;
    found = index;
  }
  return found;
}
