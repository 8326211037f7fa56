import { describe, expect, it } from "vitest";
import { parseWebVtt, vttTimestamp } from "./webvtt";

describe("vttTimestamp", () => {
  it("reads hours, minutes, seconds and milliseconds, the hours optional", () => {
    expect(vttTimestamp("00:00:02.000")).toBe(2);
    expect(vttTimestamp("01:02:03.450")).toBeCloseTo(3723.45);
    expect(vttTimestamp("02:03.500")).toBeCloseTo(123.5);
  });

  it("refuses what is not a timestamp", () => {
    for (const text of ["", "2", "00:00:02,000", "00:60:00.000", "0:00:02.5", "aa:bb:cc.ddd"]) {
      expect(vttTimestamp(text), text).toBeNull();
    }
  });
});

describe("parseWebVtt", () => {
  it("reads numbered cues as the club's files write them", () => {
    const source = [
      "WEBVTT",
      "",
      "1",
      "00:00:02.000 --> 00:00:03.048",
      "Bedroom to Master.",
      "",
      "2",
      "00:00:03.548 --> 00:00:08.354",
      "Episode 57: Mastering at Home.",
      "",
    ].join("\n");
    expect(parseWebVtt(source)).toEqual([
      { start: 2, end: 3.048, text: "Bedroom to Master." },
      { start: 3.548, end: 8.354, text: "Episode 57: Mastering at Home." },
    ]);
  });

  it("takes cues without identifiers, with settings, CRLF lines, a BOM, tags, entities and two lines", () => {
    const source =
      "\uFEFFWEBVTT - a title\r\n\r\nNOTE a comment\r\n00:00:01.000 --> 00:00:02.000\r\n\r\n" +
      "STYLE\r\n::cue { color: red }\r\n\r\n" +
      "00:01.000 --> 00:02.500 align:start line:0\r\n<v Maya>Hello &amp; <i>welcome</i></v>\r\nto the show\r\n\r\n" +
      "00:00:03.000 --> 00:00:04.000\r\n\r\n";
    expect(parseWebVtt(source)).toEqual([{ start: 1, end: 2.5, text: "Hello & welcome to the show" }]);
  });

  it("skips cues with a malformed timing line or an end before the start", () => {
    const source = [
      "WEBVTT",
      "",
      "00:00:05,000 --> 00:00:06,000",
      "SRT commas",
      "",
      "00:00:07.000 --> 00:00:06.000",
      "backwards",
      "",
      "00:00:08.000 --> 00:00:09.000",
      "kept",
    ].join("\n");
    expect(parseWebVtt(source)).toEqual([{ start: 8, end: 9, text: "kept" }]);
  });

  it("gives no cues for a file that is not WebVTT", () => {
    expect(parseWebVtt("1\n00:00:01,000 --> 00:00:02,000\nan SRT file\n")).toEqual([]);
    expect(parseWebVtt("")).toEqual([]);
  });
});
