#!/usr/bin/env node
// Makes the seed podcasts' audio (see README.md beside this file): for every <item> of the feeds in
// server/src/db/seed/podcast-feeds, espeak-ng speaks the episode's intro sentence by sentence over
// a quiet sox chord, ffmpeg encodes it to mono MP3 (32 kbps, 22.05 kHz), each sentence's measured
// place becomes a cue of a WebVTT and an SRT transcript and the parts' starts JSON chapters, and
// the feed's <enclosure>, <itunes:duration>, <podcast:chapters>, <podcast:transcript> and
// <podcast:soundbite> are rewritten to the files' addresses, byte length and duration (ffprobe).
// Development tool only: needs `apt-get install espeak-ng sox ffmpeg`; the output is committed.
//
//   node server/media/podcasts/make-audio.mjs           make every file, rewrite the feeds
//   node server/media/podcasts/make-audio.mjs --check   make nothing; exit 1 if the feeds, the
//                                                       files and audio-files.json disagree
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const mediaDir = dirname(fileURLToPath(import.meta.url));
const feedsDir = join(mediaDir, "..", "..", "src", "db", "seed", "podcast-feeds");
const manifestFile = join(mediaDir, "audio-files.json");
const SITE_NAME = "Waveform Music Club";
const RATE = 22050;
const BITRATE = "32k";
const LEAD_IN = 2; // seconds of bed before the voice
const TAIL = 3.5; // seconds of bed after it
const PAUSE = 0.5; // seconds of silence between two sentences
/** sox effects that cut a sentence's leading and trailing silence (quieter than 0.5 % for 20 ms). */
const TRIM_SILENCE = ["silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse"];
const MIN_SECONDS = 20;
const MAX_SECONDS = 60;

/** A voice and a chord per show, so each show sounds like itself. Frequencies in Hz. */
const SHOW_SOUND = {
  "green-room-sessions": { voice: "en-us+f3", pitch: 50, chord: [130.81, 164.81, 196.0, 246.94] },
  "bedroom-to-master": { voice: "en-gb+m3", pitch: 40, chord: [146.83, 174.61, 220.0, 261.63] },
  "pressing-matters": { voice: "en-gb+f2", pitch: 55, chord: [110.0, 130.81, 164.81, 196.0] },
  "genre-atlas": { voice: "en-gb-x-rp+f4", pitch: 50, chord: [123.47, 155.56, 185.0, 233.08] },
  "net-receipts": { voice: "en-us+f1", pitch: 45, chord: [98.0, 123.47, 146.83, 185.0] },
  "portrait-series": { voice: "en-gb+f5", pitch: 55, chord: [116.54, 146.83, 174.61, 220.0] },
  "loop-theory": { voice: "en-us+m1", pitch: 35, chord: [87.31, 110.0, 130.81, 164.81] },
  "cue-sheet": { voice: "en-gb-scotland+f2", pitch: 50, chord: [103.83, 130.81, 155.56, 196.0] },
};

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] === "#") {
      const hex = name[1] === "x" || name[1] === "X";
      return String.fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return ENTITIES[name] ?? whole;
  });
const tag = (xml, name) => {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? unescapeXml(match[1].replace(/^<!\[CDATA\[|\]\]>$/g, "").trim()) : "";
};
const firstSentence = (text) => /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** The feed's items with what the intro says and where the file goes. */
function readFeed(file) {
  const xml = readFileSync(join(feedsDir, file), "utf8");
  const slug = file.replace(/\.xml$/, "");
  const channel = xml.slice(0, xml.indexOf("<item>"));
  const show = tag(channel, "title");
  const host = tag(channel, "itunes:author");
  const items = [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map(([item]) => {
    const guid = tag(item, "guid");
    const number = tag(item, "itunes:episode");
    const name = /-(ep\d+)$/.exec(guid)?.[1];
    if (!name || !number) throw new Error(`${file}: an item without an epNN guid or itunes:episode`);
    return { guid, name, number, title: tag(item, "title"), description: tag(item, "description") };
  });
  return { file, slug, show, host, xml, items };
}

const run = (command, args) => execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"] }).toString();
/** sox in repeatable mode: its dither's random numbers are seeded the same on every run. */
const sox = (args) => run("sox", ["-R", ...args]);
const seconds = (wav) => Number(run("soxi", ["-D", wav]));

/** The intro's sentences, each with the chapter it opens (if any). */
function script(feed, item) {
  return [
    { text: `${feed.show}.`, chapter: "Intro" },
    { text: `Episode ${item.number}: ${item.title}.`, chapter: `Episode ${item.number}: ${item.title}` },
    { text: `Hosted by ${feed.host}.` },
    { text: firstSentence(item.description), chapter: "About this episode", soundbite: true },
    { text: `Thanks for listening to ${feed.show}, from ${SITE_NAME}.`, chapter: "Sign-off" },
  ];
}

/**
 * Speaks the intro over the show's chord, sentence by sentence: each sentence is synthesised on its
 * own, trimmed of espeak-ng's leading and trailing silence, measured (soxi), and placed after the
 * lead-in with a fixed pause between sentences. Answers the MP3's bytes and each sentence's start
 * and end in the file (seconds), which the transcript and chapters use.
 */
function makeEpisode(feed, item, work) {
  const sound = SHOW_SOUND[feed.slug];
  if (!sound) throw new Error(`No sound set for ${feed.slug}`);
  const sentences = script(feed, item);
  const parts = [];
  const gap = join(work, "gap.wav");
  sox(["-r", String(RATE), "-c", "1", "-b", "16", "-n", gap, "trim", "0", String(PAUSE)]);
  const lead = join(work, "lead.wav");
  sox(["-r", String(RATE), "-c", "1", "-b", "16", "-n", lead, "trim", "0", String(LEAD_IN)]);
  const cues = [];
  let at = LEAD_IN;
  for (const [index, sentence] of sentences.entries()) {
    const raw = join(work, `sentence-${index}.wav`);
    run("espeak-ng", ["-v", sound.voice, "-s", "155", "-p", String(sound.pitch), "-w", raw, sentence.text]);
    // The sentence without the silence espeak-ng puts around it: its measured length is its speech.
    const trimmed = join(work, `trimmed-${index}.wav`);
    sox([raw, "-r", String(RATE), "-c", "1", "-b", "16", trimmed, ...TRIM_SILENCE]);
    const length = seconds(trimmed);
    if (index > 0) {
      parts.push(gap);
      at += PAUSE;
    }
    parts.push(trimmed);
    cues.push({ ...sentence, start: at, end: at + length });
    at += length;
  }
  const spoken = at - LEAD_IN;
  const total = Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil(spoken + LEAD_IN + TAIL)));
  if (spoken + LEAD_IN > total) throw new Error(`${item.guid}: the intro is too long (${spoken} s)`);
  const placed = join(work, "placed.wav");
  sox([lead, ...parts, placed, "norm", "-3"]);
  // A soft pad: the chord's four sines mixed to one channel, slowly pulsing, low-passed, faded.
  const bed = join(work, "bed.wav");
  sox([
    ...["-r", String(RATE), "-c", String(sound.chord.length), "-n", "-c", "1", bed],
    ...["synth", String(total), ...sound.chord.flatMap((hz) => ["sine", String(hz)])],
    ...["remix", "-", "tremolo", "0.15", "35", "lowpass", "900", "fade", "q", "2.5", String(total), "4"],
    ...["norm", "-22"],
  ]);
  const mix = join(work, "mix.wav");
  sox(["-m", "-v", "1", placed, "-v", "1", bed, mix, "trim", "0", String(total), "norm", "-1"]);
  const mp3 = join(work, "episode.mp3");
  run("ffmpeg", [
    ...["-y", "-v", "error", "-i", mix, "-ac", "1", "-ar", String(RATE)],
    ...["-c:a", "libmp3lame", "-b:a", BITRATE, "-id3v2_version", "3"],
    ...["-metadata", `title=${item.title}`, "-metadata", `artist=${feed.host}`],
    ...["-metadata", `album=${feed.show}`, "-metadata", `track=${item.number}`],
    ...["-fflags", "+bitexact", "-flags:a", "+bitexact", mp3],
  ]);
  return { bytes: readFileSync(mp3), cues };
}

/** Seconds as a cue time: HH:MM:SS.mmm (WebVTT) or HH:MM:SS,mmm (SRT). */
function cueTime(total, separator) {
  const ms = Math.round(total * 1000);
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(ms % 1000).padStart(3, "0")}`;
}
const millis = (total) => Math.round(total * 1000) / 1000;

/** The WebVTT transcript: one cue per sentence, timed as it was placed. */
const webVtt = (cues) =>
  `WEBVTT\n\n${cues
    .map((cue, i) => `${i + 1}\n${cueTime(cue.start, ".")} --> ${cueTime(cue.end, ".")}\n${cue.text}\n`)
    .join("\n")}`;
/** The same cues as SubRip. */
const subRip = (cues) =>
  cues
    .map((cue, i) => `${i + 1}\n${cueTime(cue.start, ",")} --> ${cueTime(cue.end, ",")}\n${cue.text}\n`)
    .join("\n");
/** Podcasting 2.0 JSON chapters: "Intro" at 0, then one at each sentence that opens a part. */
const jsonChapters = (cues) =>
  `${JSON.stringify(
    {
      version: "1.2.0",
      chapters: cues
        .filter((cue) => cue.chapter)
        .map((cue, i) => ({ startTime: i === 0 ? 0 : millis(cue.start), title: cue.chapter })),
    },
    null,
    2,
  )}\n`;

/** Writes a file named for its episode and its content's hash; answers its name. */
function writeHashed(folder, episode, extension, content) {
  const bytes = Buffer.from(content);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const name = `${episode}-${hash}.${extension}`;
  writeFileSync(join(folder, name), bytes);
  return name;
}

const probeSeconds = (file) =>
  Number(run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]));

/** The duration in the format the item used before (seconds, MM:SS or HH:MM:SS). */
function formatDuration(total, previous) {
  const s = Math.round(total);
  const two = (n) => String(n).padStart(2, "0");
  if (/^\d+$/.test(previous)) return String(s);
  if (/^\d+:\d\d:\d\d$/.test(previous))
    return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

const PODCAST_TAGS =
  /\n?[ \t]*<podcast:(?:chapters|transcript)\s[^>]*\/>|\n?[ \t]*<podcast:soundbite\s[^>]*>[^<]*<\/podcast:soundbite>/g;
const attribute = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** The item's enclosure and duration, and its chapters, transcripts and soundbite after its episode number. */
function rewriteItem(itemXml, audio) {
  const previous = tag(itemXml, "itunes:duration");
  const indent = /\n([ \t]*)<itunes:episode>/.exec(itemXml)?.[1] ?? "      ";
  const bite = audio.soundbite;
  const podcastTags = [
    `<podcast:chapters url="${audio.chapters}" type="application/json+chapters"/>`,
    `<podcast:transcript url="${audio.vtt}" type="text/vtt"/>`,
    `<podcast:transcript url="${audio.srt}" type="application/x-subrip" rel="captions"/>`,
    `<podcast:soundbite startTime="${bite.startTime}" duration="${bite.duration}">${attribute(bite.title)}</podcast:soundbite>`,
  ].map((line) => `\n${indent}${line}`);
  return itemXml
    .replace(PODCAST_TAGS, "")
    .replace(/(<itunes:episode>[^<]*<\/itunes:episode>)/, `$1${podcastTags.join("")}`)
    .replace(
      /<enclosure\s[^>]*\/>/,
      `<enclosure url="${audio.url}" type="audio/mpeg" length="${audio.bytes}"/>`,
    )
    .replace(
      /<itunes:duration>[^<]*<\/itunes:duration>/,
      `<itunes:duration>${formatDuration(audio.seconds, previous)}</itunes:duration>`,
    );
}

function makeAll() {
  const manifest = {};
  const work = mkdtempSync(join(tmpdir(), "waveform-audio-"));
  try {
    for (const file of readdirSync(feedsDir)
      .filter((name) => name.endsWith(".xml"))
      .sort()) {
      const feed = readFeed(file);
      const folder = join(mediaDir, feed.slug);
      mkdirSync(folder, { recursive: true });
      const made = new Map();
      for (const item of feed.items) {
        const { bytes, cues } = makeEpisode(feed, item, work);
        // The content's hash is in the name: a remade file gets a new address, so caches keep
        // each address for good (Cache-Control: immutable).
        const name = writeHashed(folder, item.name, "mp3", bytes);
        const base = `/media/podcasts/${feed.slug}/`;
        const files = {
          vtt: `${feed.slug}/${writeHashed(folder, item.name, "vtt", webVtt(cues))}`,
          srt: `${feed.slug}/${writeHashed(folder, item.name, "srt", subRip(cues))}`,
          chapters: `${feed.slug}/${writeHashed(folder, item.name, "chapters.json", jsonChapters(cues))}`,
        };
        const bite = cues.find((cue) => cue.soundbite) ?? cues[0];
        const audio = {
          url: `${base}${name}`,
          bytes: bytes.length,
          seconds: Math.round(probeSeconds(join(folder, name)) * 1000) / 1000,
          vtt: `/media/podcasts/${files.vtt}`,
          srt: `/media/podcasts/${files.srt}`,
          chapters: `/media/podcasts/${files.chapters}`,
          soundbite: {
            startTime: millis(bite.start),
            duration: millis(bite.end - bite.start),
            title: item.title.slice(0, 128),
          },
        };
        made.set(item.guid, audio);
        manifest[`${feed.slug}/${name}`] = {
          guid: item.guid,
          bytes: audio.bytes,
          seconds: audio.seconds,
          ...files,
        };
        console.error(`${feed.slug}/${name}: ${audio.seconds} s, ${audio.bytes} bytes, ${cues.length} cues`);
      }
      const kept = new Set(
        Object.entries(manifest).flatMap(([path, entry]) => [path, entry.vtt, entry.srt, entry.chapters]),
      );
      for (const old of readdirSync(folder)) {
        if (!kept.has(`${feed.slug}/${old}`)) rmSync(join(folder, old));
      }
      const xml = feed.xml.replace(/<item>[\s\S]*?<\/item>/g, (itemXml) => {
        const audio = made.get(tag(itemXml, "guid"));
        if (!audio) throw new Error(`${file}: an item was not made`);
        return rewriteItem(itemXml, audio);
      });
      writeFileSync(join(feedsDir, file), xml);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
  const total = Object.values(sorted).reduce((sum, file) => sum + file.bytes, 0);
  const lengths = Object.values(sorted).map((file) => file.seconds);
  const size = (kind) =>
    Object.values(sorted).reduce((sum, file) => sum + statSync(join(mediaDir, file[kind])).size, 0);
  console.error(
    `${lengths.length} files, ${(total / 1024 / 1024).toFixed(2)} MiB, ` +
      `${Math.min(...lengths)}–${Math.max(...lengths)} s; ` +
      `WebVTT ${size("vtt")} B, SRT ${size("srt")} B, chapters ${size("chapters")} B`,
  );
}

/** The committed state agrees with itself: every manifest entry exists with its size, every feed item points at one. */
function check() {
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const problems = [];
  for (const [path, entry] of Object.entries(manifest)) {
    const size = statSync(join(mediaDir, path), { throwIfNoEntry: false })?.size;
    if (size !== entry.bytes)
      problems.push(`${path}: ${size ?? "missing"} bytes, manifest says ${entry.bytes}`);
    for (const companion of [entry.vtt, entry.srt, entry.chapters]) {
      if (!companion || !statSync(join(mediaDir, companion), { throwIfNoEntry: false }))
        problems.push(`${path}: its transcript or chapters file ${companion ?? "(none)"} is missing`);
    }
  }
  for (const file of readdirSync(feedsDir).filter((name) => name.endsWith(".xml"))) {
    for (const [item] of readFeed(file).xml.matchAll(/<item>[\s\S]*?<\/item>/g)) {
      const url = /<enclosure url="\/media\/podcasts\/([^"]+)"/.exec(item)?.[1];
      if (!url || !manifest[url]) problems.push(`${file}: ${tag(item, "guid")} points at no made file`);
      const entry = manifest[url ?? ""];
      for (const companion of entry ? [entry.vtt, entry.srt, entry.chapters] : []) {
        if (!item.includes(`url="/media/podcasts/${companion}"`))
          problems.push(`${file}: ${tag(item, "guid")} does not link ${companion}`);
      }
    }
  }
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv.includes("--check")) check();
else makeAll();
