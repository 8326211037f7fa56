import type { TranscriptCue } from "@waveform/contracts/podcast-pages";
import { parseWebVtt } from "./webvtt";

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

const plain = (lines: string[]) =>
  lines
    .join(" ")
    .replace(/<[^>]*>|\{\\[^}]*\}/g, "") // <i>, <font>, and {\an8}-style tags
    .replace(
      /&(amp|lt|gt|nbsp);/g,
      (_, name: string) => ({ amp: "&", lt: "<", gt: ">", nbsp: " " })[name] ?? "",
    )
    .replace(/\s+/g, " ")
    .trim();

/**
 * The cues of an SRT file, in file order, as plain text: blocks split by blank lines, an optional
 * index line, a `start --> end` line, then the text. Blocks with a malformed timing line, an end
 * before the start, or no text are skipped.
 */
export function parseSrt(source: string): TranscriptCue[] {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const cues: TranscriptCue[] = [];
  for (const block of text.split(/\n[ \t]*\n+/)) {
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
 * numeric times or text are skipped; anything else is no transcript.
 */
export function parseJsonTranscript(source: string): TranscriptCue[] {
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
      end - open.cue.start <= JSON_CUE_MAX_SECONDS;
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

/** The cues of a transcript in one of the formats the site reads. */
export function parseTranscript(format: TranscriptFormat, source: string): TranscriptCue[] {
  if (format === "vtt") return parseWebVtt(source);
  if (format === "srt") return parseSrt(source);
  return parseJsonTranscript(source);
}
