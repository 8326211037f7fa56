import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { podcastMediaFolder, seedFeedsFolder } from "../../paths";
import { mp3Duration } from "../../test/mp3-duration";
import { mp3EncoderDelay } from "../../test/mp3-encoder-delay";

type AudioFile = { guid: string; bytes: number; seconds: number; vtt: string; srt: string; chapters: string };
const manifest = JSON.parse(readFileSync(join(podcastMediaFolder, "audio-files.json"), "utf8")) as Record<
  string,
  AudioFile
>;
const files = Object.entries(manifest);
const read = (path: string) => readFileSync(join(podcastMediaFolder, path), "utf8");

type Cue = { start: number; end: number; text: string };
/** A cue time in seconds, summed in whole milliseconds so it equals the chapters' and soundbites' figures. */
const time = (h: string, m: string, s: string, ms: string) =>
  (Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms)) / 1000;
/** The cues of a WebVTT (`.`) or SRT (`,`) file: numbered blocks of a time range and one line of text. */
function cues(text: string, separator: "." | ","): Cue[] {
  const s = `(\\d\\d):(\\d\\d):(\\d\\d)\\${separator}(\\d{3})`;
  const block = new RegExp(`^\\d+\\n${s} --> ${s}\\n(.+)$`);
  return text
    .trim()
    .split(/\n\n+/)
    .map((part) => {
      const match = block.exec(part);
      if (!match) throw new Error(`Not a cue: ${JSON.stringify(part)}`);
      const [, h1 = "", m1 = "", s1 = "", ms1 = "", h2 = "", m2 = "", s2 = "", ms2 = "", line = ""] = match;
      return { start: time(h1, m1, s1, ms1), end: time(h2, m2, s2, ms2), text: line };
    });
}
const vttCues = (file: AudioFile) => {
  const text = read(file.vtt);
  expect(text.startsWith("WEBVTT\n\n"), file.vtt).toBe(true);
  return cues(text.slice("WEBVTT\n\n".length), ".");
};

const seedItems = new Map(
  readdirSync(seedFeedsFolder)
    .filter((name) => name.endsWith(".xml"))
    .flatMap((file) =>
      [...readFileSync(join(seedFeedsFolder, file), "utf8").matchAll(/<item>[\s\S]*?<\/item>/g)].map(
        ([item]) => [/<guid[^>]*>([^<]+)<\/guid>/.exec(item)?.[1] ?? "", item] as const,
      ),
    ),
);

describe("the seed episodes' transcripts and chapters (server/media/podcasts)", () => {
  it("every episode has a WebVTT transcript of ordered sentences inside its audio, and the same cues as SRT", () => {
    expect(files).toHaveLength(58);
    for (const [path, file] of files) {
      const vtt = vttCues(file);
      const { seconds } = mp3Duration(readFileSync(join(podcastMediaFolder, path)));
      expect(vtt.length, path).toBeGreaterThanOrEqual(5);
      let previous = 0;
      for (const cue of vtt) {
        expect(cue.start, `${path} ${cue.text}`).toBeGreaterThanOrEqual(previous);
        expect(cue.end, `${path} ${cue.text}`).toBeGreaterThan(cue.start);
        previous = cue.end;
      }
      expect(previous, path).toBeLessThan(seconds);
      expect(cues(read(file.srt), ","), file.srt).toEqual(vtt);
    }
  });

  it("every episode's chapters are JSON chapters 1.2.0 from 0, each later one where a sentence starts", () => {
    for (const [path, file] of files) {
      const json = JSON.parse(read(file.chapters)) as {
        version: string;
        chapters: Array<{ startTime: number; title: string }>;
      };
      expect(json.version, path).toBe("1.2.0");
      const [first, ...rest] = json.chapters;
      expect(first, path).toEqual({ startTime: 0, title: "Intro" });
      const starts = vttCues(file).map((cue) => cue.start);
      expect(rest.map((chapter) => chapter.title).slice(1), path).toEqual(["About this episode", "Sign-off"]);
      for (const chapter of rest) expect(starts, `${path} ${chapter.title}`).toContain(chapter.startTime);
    }
  });

  it("every seed item links its chapters, both transcripts and a soundbite that is one of its sentences", () => {
    for (const [path, file] of files) {
      const item = seedItems.get(file.guid) ?? "";
      expect(item, file.vtt).toContain(
        `<podcast:chapters url="/media/podcasts/${file.chapters}" type="application/json+chapters"/>`,
      );
      expect(item, file.vtt).toContain(
        `<podcast:transcript url="/media/podcasts/${file.vtt}" type="text/vtt"/>`,
      );
      expect(item, file.srt).toContain(
        `<podcast:transcript url="/media/podcasts/${file.srt}" type="application/x-subrip" rel="captions"/>`,
      );
      const [, start = "", duration = ""] =
        /<podcast:soundbite startTime="([\d.]+)" duration="([\d.]+)">/.exec(item) ?? [];
      const sentence = vttCues(file).find((cue) => cue.start === Number(start));
      expect(sentence, path).toBeDefined();
      const length = Math.round(((sentence?.end ?? 0) - (sentence?.start ?? 0)) * 1000);
      expect(Math.abs(Number(duration) * 1000 - length), path).toBeLessThanOrEqual(1);
    }
  });
});

/** sox with MP3 support (libsox-fmt-mp3); CI installs it (.ci/run), a developer may not have it. */
const sox = spawnSync("sox", ["-h"], { encoding: "utf8" });
const soxReadsMp3 = sox.status === 0 && /\bmp3\b/.test(sox.stdout);

describe("the transcripts' cue times match the audio, as sox hears it", () => {
  /** Windows of 10 ms; the voice is what is left above 1 kHz (the show's chord is below 300 Hz). */
  const WINDOW = 0.01;
  const VOICE_DB = -50;
  const TOLERANCE = 0.1;

  /** The level (dBFS) of each 10 ms of the file's audio above 1 kHz, decoded and filtered by sox. */
  function levels(path: string): { db: number[]; delay: number } {
    const mp3 = join(podcastMediaFolder, path);
    const decoded = spawnSync(
      "sox",
      [mp3, ...["-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "22050", "-"], "highpass", "1000"],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    expect(decoded.status, decoded.stderr?.toString()).toBe(0);
    const pcm = decoded.stdout;
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
    const db: number[] = [];
    for (let w = 0; (w + 1) * WINDOW * 22050 <= samples.length; w++) {
      const from = Math.round(w * WINDOW * 22050);
      const to = Math.round((w + 1) * WINDOW * 22050);
      let sum = 0;
      for (let i = from; i < to; i++) sum += ((samples[i] ?? 0) / 32768) ** 2;
      db.push(10 * Math.log10(sum / (to - from) + 1e-12));
    }
    // libmad does not skip the encoder's delay the way a player does: the file's timeline starts later.
    const delay = (mp3EncoderDelay(readFileSync(mp3)) ?? 0) / 22050;
    return { db, delay };
  }

  it.skipIf(!soxReadsMp3)(
    "each sentence's voice starts and ends within 100 ms of its cue, and the pauses between are quiet",
    () => {
      for (const [path, file] of files) {
        const { db, delay } = levels(path);
        const at = (w: number) => w * WINDOW - delay;
        const loud = (from: number, to: number) =>
          db.flatMap((level, w) => (at(w) >= from && at(w + 1) <= to && level > VOICE_DB ? [w] : []));
        const vtt = vttCues(file);
        expect(loud(0, (vtt[0]?.start ?? 0) - TOLERANCE), `${path}: voice before the first cue`).toEqual([]);
        for (const [index, cue] of vtt.entries()) {
          const next = vtt[index + 1]?.start ?? cue.end + 1;
          const previous = vtt[index - 1]?.end ?? 0;
          // The voice between the middle of the pause before and the middle of the pause after.
          const voice = loud((previous + cue.start) / 2, (cue.end + next) / 2);
          const onset = at(voice[0] ?? -1000);
          const offset = at((voice.at(-1) ?? -1000) + 1);
          expect(
            Math.abs(onset - cue.start),
            `${path} "${cue.text}" starts at ${onset.toFixed(3)} s`,
          ).toBeLessThanOrEqual(TOLERANCE);
          expect(
            Math.abs(offset - cue.end),
            `${path} "${cue.text}" ends at ${offset.toFixed(3)} s`,
          ).toBeLessThanOrEqual(TOLERANCE);
          if (index + 1 < vtt.length)
            expect(
              loud(cue.end + TOLERANCE, next - TOLERANCE),
              `${path}: voice in the pause after "${cue.text}"`,
            ).toEqual([]);
        }
      }
    },
  );
});
