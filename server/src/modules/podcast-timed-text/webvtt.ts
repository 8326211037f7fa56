import type { TranscriptCue } from "@waveform/contracts/podcast-pages";
import { cueText } from "./cue-text";
import { type ParseBudget, type ParseSteps, runSteps } from "./parse-budget";

/** `HH:MM:SS.mmm` or `MM:SS.mmm` (the hours are optional in WebVTT) as seconds; null when malformed. */
export function vttTimestamp(text: string): number | null {
  const match = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text);
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0", millis = "0"] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/**
 * The cues of a WebVTT file, in file order, as plain text. Follows the WebVTT block rules far
 * enough for transcripts: a `WEBVTT` header, blocks split by blank lines, an optional cue
 * identifier, a `start --> end [settings]` line, then the payload; NOTE, STYLE and REGION blocks
 * and cues with a malformed timing line or no text are skipped. Not a WebVTT file: no cues. As
 * steps (parse-budget.ts): it yields between blocks.
 */
export function* webVttSteps(source: string): ParseSteps<TranscriptCue[]> {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!/^WEBVTT(?:[ \t]|\n|$)/.test(text)) return [];
  const cues: TranscriptCue[] = [];
  // The first block is the header (and anything on the lines after it).
  for (const block of text.split(/\n{2,}/).slice(1)) {
    yield;
    const lines = block.split("\n").filter((line, index) => index > 0 || line.trim() !== "");
    const timingAt = lines.findIndex((line) => line.includes("-->"));
    if (timingAt < 0 || timingAt > 1) continue;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(lines[0] ?? "")) continue;
    const [startText = "", rest = ""] = (lines[timingAt] ?? "").split("-->");
    const start = vttTimestamp(startText.trim());
    const end = vttTimestamp(rest.trim().split(/[ \t]+/)[0] ?? "");
    if (start === null || end === null || end < start) continue;
    const words = cueText(lines.slice(timingAt + 1));
    if (words) cues.push({ start, end, text: words });
  }
  return cues;
}

/** parseWebVtt's cues at once; throws TranscriptTooSlowError past the budget. */
export function parseWebVtt(source: string, budget?: ParseBudget): TranscriptCue[] {
  return runSteps(webVttSteps(source), budget);
}
