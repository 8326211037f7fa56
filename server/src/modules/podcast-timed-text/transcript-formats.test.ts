import { describe, expect, it } from "vitest";
import {
  parseJsonTranscript,
  parseSrt,
  parseTranscript,
  srtTimestamp,
  transcriptFormat,
} from "./transcript-formats";

describe("transcriptFormat", () => {
  it("names the formats with cue times, by MIME type, parameters and case ignored", () => {
    expect(transcriptFormat("text/vtt")).toBe("vtt");
    expect(transcriptFormat("Text/VTT; charset=utf-8")).toBe("vtt");
    expect(transcriptFormat("application/x-subrip")).toBe("srt");
    expect(transcriptFormat("application/srt")).toBe("srt");
    expect(transcriptFormat("text/srt")).toBe("srt");
    expect(transcriptFormat("application/json")).toBe("json");
    for (const type of ["text/html", "text/plain", "", "application/json+chapters"]) {
      expect(transcriptFormat(type), type).toBeNull();
    }
  });
});

describe("parseSrt", () => {
  it("reads numbered blocks, CRLF, a BOM, tags, two-line text, and a dot for the comma", () => {
    const source =
      "\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i> &amp; {\\an8}welcome\r\nto the show\r\n\r\n" +
      "2\r\n00:00:03.000 --> 00:00:04,000 X1:0\r\nSecond\r\n\r\n";
    expect(parseSrt(source)).toEqual([
      { start: 1, end: 2.5, text: "Hello & welcome to the show" },
      { start: 3, end: 4, text: "Second" },
    ]);
    expect(srtTimestamp("01:02:03,45")).toBeCloseTo(3723.45);
  });

  it("skips malformed timings, backwards cues and empty text; no cues in what is not SRT", () => {
    const source = [
      "1",
      "00:00:05 --> 00:00:06,000",
      "no millis",
      "",
      "2",
      "00:00:07,000 --> 00:00:06,000",
      "backwards",
      "",
      "3",
      "00:00:08,000 --> 00:00:09,000",
      "",
      "4",
      "00:00:10,000 --> 00:00:11,000",
      "kept",
    ].join("\n");
    expect(parseSrt(source)).toEqual([{ start: 10, end: 11, text: "kept" }]);
    expect(parseSrt("<html><body>not a transcript</body></html>")).toEqual([]);
    expect(parseSrt("")).toEqual([]);
  });
});

describe("parseJsonTranscript", () => {
  it("joins word segments into sentences, breaking at a new speaker, a pause or 8 s", () => {
    const word = (startTime: number, body: string, speaker = "Maya") => ({
      startTime,
      endTime: startTime + 0.4,
      body,
      speaker,
    });
    const source = JSON.stringify({
      version: "1.0.0",
      segments: [
        word(0, "Hello"),
        word(0.5, "there."),
        word(1, "Welcome", "Theo"),
        word(1.5, "back", "Theo"),
        word(4, "Later", "Theo"),
        ...Array.from({ length: 20 }, (_, n) => word(5 + n * 0.5, `w${n}`)),
        { startTime: "15", endTime: 16, body: "string time" },
        { startTime: 30, endTime: 29, body: "backwards" },
        null,
      ],
    });
    const cues = parseJsonTranscript(source);
    expect(cues.slice(0, 4)).toEqual([
      { start: 0, end: 0.9, text: "Hello there." },
      { start: 1, end: 1.9, text: "Welcome back" },
      { start: 4, end: 4.4, text: "Later" },
      { start: 5, end: expect.closeTo(12.9), text: "w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15" },
    ]);
    expect(cues.at(-1)?.text).toBe("w16 w17 w18 w19");
    expect(cues.map((cue) => cue.text).join(" ")).not.toMatch(/string time|backwards/);
  });

  it("gives no cues for malformed JSON or JSON without segments", () => {
    expect(parseJsonTranscript("{ not json")).toEqual([]);
    expect(parseJsonTranscript('{"version":"1.0.0"}')).toEqual([]);
    expect(parseJsonTranscript("null")).toEqual([]);
  });
});

describe("parseTranscript", () => {
  it("reads each format with its parser", () => {
    expect(parseTranscript("vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA")).toEqual([
      { start: 1, end: 2, text: "A" },
    ]);
    expect(parseTranscript("srt", "1\n00:00:01,000 --> 00:00:02,000\nB")).toEqual([
      { start: 1, end: 2, text: "B" },
    ]);
    expect(
      parseTranscript("json", JSON.stringify({ segments: [{ startTime: 1, endTime: 2, body: "C." }] })),
    ).toEqual([{ start: 1, end: 2, text: "C." }]);
  });
});
