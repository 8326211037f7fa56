import type { TranscriptCue } from "@waveform/contracts/podcast-pages";
import { CUE_TEXT_MAX_CHARS, cueText } from "./cue-text";
import { type ParseBudget, type ParseSteps, runSteps, runStepsSliced } from "./parse-budget";
import { webVttSteps } from "./webvtt";

export { TranscriptTooSlowError } from "./parse-budget";

/** The transcript formats the site reads: they carry cue times (HTML and plain text do not). */
export type TranscriptFormat = "vtt" | "srt" | "json";

/** Which format a podcast:transcript type names (parameters such as `; charset=utf-8` ignored). */
export function transcriptFormat(type: string): TranscriptFormat | null {
  const mime = (type.split(";")[0] ?? "").trim().toLowerCase();
  if (mime === "text/vtt") return "vtt";
  // The namespace names application/x-subrip; feeds also write application/srt and text/srt.
  if (mime === "application/x-subrip" || mime === "application/srt" || mime === "text/srt") return "srt";
  if (mime === "application/json") return "json";
  return null;
}

/** Format preference when an item links several: WebVTT, then SRT, then JSON. */
export const FORMAT_ORDER: readonly TranscriptFormat[] = ["vtt", "srt", "json"];

/** `HH:MM:SS,mmm` (SRT; a `.` is accepted too, as some writers use it) as seconds; null when malformed. */
export function srtTimestamp(text: string): number | null {
  const match = /^(\d+):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/.exec(text.trim());
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0", millis = "0"] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis.padEnd(3, "0")) / 1000;
}

/** SRT and JSON bodies carry `<i>`, `<font>` and `{\\an8}`-style tags. */
const plain = (lines: string[]) => cueText(lines, { braceTags: true });

/**
 * The cues of an SRT file, in file order, as plain text: blocks split by blank lines, an optional
 * index line, a `start --> end` line, then the text. Blocks with a malformed timing line, an end
 * before the start, or no text are skipped. As steps: it yields between blocks.
 */
function* srtSteps(source: string): ParseSteps<TranscriptCue[]> {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const cues: TranscriptCue[] = [];
  for (const block of text.split(/\n[ \t]*\n+/)) {
    yield;
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    const timingAt = lines.findIndex((line) => line.includes("-->"));
    if (timingAt < 0 || timingAt > 1) continue;
    const [startText = "", endText = ""] = (lines[timingAt] ?? "").split("-->");
    const start = srtTimestamp(startText);
    const end = srtTimestamp(endText.trim().split(/\s+/)[0] ?? "");
    if (start === null || end === null || end < start) continue;
    const words = plain(lines.slice(timingAt + 1));
    if (words) cues.push({ start, end, text: words });
  }
  return cues;
}

/** A cue of word-level JSON ends at a sentence's end, a new speaker, a pause, or this many seconds. */
const JSON_CUE_MAX_SECONDS = 8;
const JSON_CUE_PAUSE_SECONDS = 1;

/**
 * The cues of a Podcasting 2.0 JSON transcript (`{ "version": "1.0.0", "segments": [{ startTime,
 * endTime, body, speaker? }] }`). Segments are often single words: consecutive ones join into a
 * cue until a sentence ends, the speaker changes, a pause of a second, or 8 s. Segments without
 * numeric times or text are skipped; anything else is no transcript. A cue stops growing at
 * CUE_TEXT_MAX_CHARS (segments without duration would otherwise join without end). As steps: it
 * yields between segments.
 */
function* jsonTranscriptSteps(source: string): ParseSteps<TranscriptCue[]> {
  let json: unknown;
  try {
    json = JSON.parse(source.replace(/^\uFEFF/, ""));
  } catch {
    return [];
  }
  const segments = (json as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) return [];
  const cues: TranscriptCue[] = [];
  let open: { cue: TranscriptCue; speaker: unknown } | null = null;
  for (const segment of segments as Array<Record<string, unknown> | null>) {
    yield;
    const start = segment?.startTime;
    const end = segment?.endTime;
    const body = typeof segment?.body === "string" ? plain([segment.body]) : "";
    if (typeof start !== "number" || typeof end !== "number" || !(start >= 0) || !(end >= start) || !body)
      continue;
    const speaker = segment?.speaker;
    const joins =
      open !== null &&
      open.speaker === speaker &&
      start - open.cue.end <= JSON_CUE_PAUSE_SECONDS &&
      end - open.cue.start <= JSON_CUE_MAX_SECONDS &&
      open.cue.text.length + 1 + body.length <= CUE_TEXT_MAX_CHARS;
    if (open && joins) {
      open.cue.text = `${open.cue.text} ${body}`;
      open.cue.end = Math.max(open.cue.end, end);
    } else {
      if (open) cues.push(open.cue);
      open = { cue: { start, end, text: body }, speaker };
    }
    if (/[.!?…]["')\]]*$/.test(body)) {
      cues.push(open.cue);
      open = null;
    }
  }
  if (open) cues.push(open.cue);
  return cues;
}

export const parseSrt = (source: string, budget?: ParseBudget): TranscriptCue[] =>
  runSteps(srtSteps(source), budget);
export const parseJsonTranscript = (source: string, budget?: ParseBudget): TranscriptCue[] =>
  runSteps(jsonTranscriptSteps(source), budget);

function transcriptSteps(format: TranscriptFormat, source: string): ParseSteps<TranscriptCue[]> {
  if (format === "vtt") return webVttSteps(source);
  if (format === "srt") return srtSteps(source);
  return jsonTranscriptSteps(source);
}

/**
 * The cues of a transcript in one of the formats the site reads, at once, within the time budget
 * (TRANSCRIPT_PARSE_BUDGET_MS unless given; past it, TranscriptTooSlowError).
 */
export function parseTranscript(
  format: TranscriptFormat,
  source: string,
  budget?: ParseBudget,
): TranscriptCue[] {
  return runSteps(transcriptSteps(format, source), budget);
}

/**
 * parseTranscript for the server: the same cues, read a slice of TRANSCRIPT_PARSE_SLICE_MS at a
 * time with the event loop free between slices, so no transcript holds the server while it is
 * read; past the budget (the slices' time together), TranscriptTooSlowError.
 */
export function readTranscript(
  format: TranscriptFormat,
  source: string,
  budget?: ParseBudget,
): Promise<TranscriptCue[]> {
  return runStepsSliced(transcriptSteps(format, source), budget);
}
