import { describe, expect, it } from "vitest";
import { CUE_TEXT_MAX_CHARS } from "./cue-text";
import {
  parseTranscript,
  readTranscript,
  type TranscriptFormat,
  TranscriptTooSlowError,
} from "./transcript-formats";
import { parseWebVtt } from "./webvtt";

// A feed links the transcript; whoever writes it can make its cues anything. Tag stripping that
// rescans the rest of a cue at every `<` (or `{\`) with no closing `>` (`}`) took 5.7–9.3 s of the
// event loop for 100 KB and would take tens of minutes at the 2 MB cap, inside the server.

/** The fetch cap on a transcript (TIMED_TEXT_LIMITS.transcriptBytes). */
const TWO_MB = 2 * 1024 * 1024;
/** Generous on a busy machine: the linear parse takes milliseconds; the quadratic one, minutes. */
const BOUND_MS = 1000;

const run = (unit: string) => unit.repeat(Math.ceil(TWO_MB / unit.length)).slice(0, TWO_MB);
const vtt = (text: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello ${text}\n`;
const srt = (text: string) => `1\n00:00:01,000 --> 00:00:02,000\nhello ${text}\n`;
const json = (text: string) =>
  JSON.stringify({ version: "1.0.0", segments: [{ startTime: 1, endTime: 2, body: `hello ${text}` }] });

const HOSTILE: Array<[string, TranscriptFormat, string]> = [
  ["WebVTT, unclosed <", "vtt", vtt(run("<"))],
  ["WebVTT, unclosed < with text between", "vtt", vtt(run("<a "))],
  ["WebVTT, unclosed {\\", "vtt", vtt(run("{\\"))],
  ["SRT, unclosed <", "srt", srt(run("<"))],
  ["SRT, unclosed {\\", "srt", srt(run("{\\"))],
  ["SRT, unclosed < and {\\ in turn", "srt", srt(run("<{\\"))],
  ["SRT, HTML-ish unclosed <font", "srt", srt(run('<font color="red"'))],
  ["JSON, unclosed < in a segment's body", "json", json(run("<"))],
  ["JSON, unclosed {\\ in a segment's body", "json", json(run("{\\"))],
];

describe("a 2 MB transcript of unclosed tags", () => {
  for (const [name, format, source] of HOSTILE) {
    it(`parses in under a second: ${name}`, () => {
      const started = performance.now();
      const cues = parseTranscript(format, source);
      const ms = performance.now() - started;
      expect(ms, `${name}: ${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS);
      // The cue is kept, its text cut at the cap (markup it cannot read stays as text).
      expect(cues).toHaveLength(1);
      expect(cues[0]?.text.startsWith("hello")).toBe(true);
      expect(cues[0]?.text.length).toBeLessThanOrEqual(CUE_TEXT_MAX_CHARS);
    });
  }

  it("parses in under a second as the club's own WebVTT files are read", () => {
    const started = performance.now();
    expect(parseWebVtt(vtt(run("<")))).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });

  it("parses in under a second when every one of many cues is unclosed markup", () => {
    const cue = (n: number) =>
      `00:00:${String(n % 60).padStart(2, "0")}.000 --> 00:00:${String(n % 60).padStart(2, "0")}.500\nw${n} ${"<".repeat(4000)}{\\`;
    const cues = Array.from({ length: Math.ceil(TWO_MB / 4040) }, (_, n) => cue(n));
    const source = `WEBVTT\n\n${cues.join("\n\n")}`;
    const started = performance.now();
    expect(parseTranscript("vtt", source)).toHaveLength(cues.length);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });
});

describe("the cue text cap", () => {
  it("keeps a cue's text whole up to the cap, tags stripped", () => {
    const words = "word ".repeat(1000).trim(); // 4,999 characters of speech
    const [cue] = parseTranscript("vtt", vtt(`<v Maya>${words}</v>`));
    expect(cue?.text).toBe(`hello ${words}`);
  });

  it("cuts a longer cue at the cap, with no half tag left at the cut", () => {
    const [cue] = parseTranscript("srt", srt(`${"ab ".repeat(CUE_TEXT_MAX_CHARS)}<i>tail</i>`));
    expect(cue?.text.length).toBeLessThanOrEqual(CUE_TEXT_MAX_CHARS);
    expect(cue?.text).not.toContain("tail");
    const [cut] = parseTranscript("srt", srt(`${"x".repeat(CUE_TEXT_MAX_CHARS - 10)}<font color="red">y`));
    expect(cut?.text).not.toContain("<");
  });

  it("never cuts between the halves of a character (the database refuses half of one)", () => {
    const [cue] = parseTranscript("vtt", vtt(`${"a".repeat(CUE_TEXT_MAX_CHARS - 7)}😀 more`));
    expect(cue?.text).toBe(`hello ${"a".repeat(CUE_TEXT_MAX_CHARS - 7)}`);
    expect(cue?.text).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it("stops joining JSON word segments into one cue at the cap", () => {
    const segments = Array.from({ length: 5000 }, () => ({ startTime: 1, endTime: 1, body: "word" }));
    const cues = parseTranscript("json", JSON.stringify({ segments }));
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(CUE_TEXT_MAX_CHARS);
    expect(cues.map((cue) => cue.text).join(" ")).toBe(Array(5000).fill("word").join(" "));
  });
});

describe("the parse time budget", () => {
  /** A clock that moves on a millisecond each time it is read. */
  const ticking = () => {
    let now = 0;
    return () => now++;
  };
  const many = (format: TranscriptFormat) => {
    const lines = Array.from({ length: 100 }, (_, n) => n);
    if (format === "json")
      return JSON.stringify({
        segments: lines.map((n) => ({ startTime: n, endTime: n + 0.5, body: `w${n}.` })),
      });
    const stamp = (n: number, sep: string) => `00:00:${String(n % 60).padStart(2, "0")}${sep}000`;
    const blocks = lines.map((n) =>
      format === "vtt"
        ? `${stamp(n, ".")} --> ${stamp(n, ".")}\nw${n}`
        : `${n + 1}\n${stamp(n, ",")} --> ${stamp(n, ",")}\nw${n}`,
    );
    return `${format === "vtt" ? "WEBVTT\n\n" : ""}${blocks.join("\n\n")}`;
  };

  for (const format of ["vtt", "srt", "json"] as const) {
    it(`gives up on a ${format} transcript that takes longer than its budget, with a readable error`, () => {
      expect(parseTranscript(format, many(format))).toHaveLength(100);
      expect(() => parseTranscript(format, many(format), { budgetMs: 20, now: ticking() })).toThrow(
        TranscriptTooSlowError,
      );
      expect(() => parseTranscript(format, many(format), { budgetMs: 20, now: ticking() })).toThrow(
        /took longer than 20 ms to read/,
      );
      // Within its budget it reads the same.
      expect(parseTranscript(format, many(format), { budgetMs: 10_000, now: ticking() })).toHaveLength(100);
    });
  }

  it("reads on the server a slice at a time, the event loop free between slices, within the budget", async () => {
    for (const format of ["vtt", "srt", "json"] as const) {
      // Another task that takes a turn of the event loop whenever it can.
      let othersRan = 0;
      let running = true;
      const other = () => {
        othersRan++;
        if (running) setImmediate(other);
      };
      setImmediate(other);
      try {
        // Every step past the 5 ms slice: the parse lets the loop run after each.
        const cues = await readTranscript(format, many(format), {
          sliceMs: 5,
          budgetMs: 10_000,
          now: ticking(),
        });
        expect(cues).toEqual(parseTranscript(format, many(format)));
      } finally {
        running = false;
      }
      expect(othersRan, format).toBeGreaterThan(10);
      await expect(
        readTranscript(format, many(format), { sliceMs: 5, budgetMs: 20, now: ticking() }),
      ).rejects.toThrow(TranscriptTooSlowError);
    }
  });
});
