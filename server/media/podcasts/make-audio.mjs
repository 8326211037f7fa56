#!/usr/bin/env node
// Makes the seed podcasts' audio (see README.md beside this file): for every <item> of the feeds in
// server/src/db/seed/podcast-feeds, espeak-ng speaks the episode's intro over a quiet sox chord,
// ffmpeg encodes it to mono MP3 (32 kbps, 22.05 kHz), and the feed's <enclosure> and
// <itunes:duration> are rewritten to the file's address, byte length and duration (ffprobe).
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

/** Speaks the intro over the show's chord; answers the MP3's bytes. */
function makeEpisode(feed, item, work) {
  const sound = SHOW_SOUND[feed.slug];
  if (!sound) throw new Error(`No sound set for ${feed.slug}`);
  const script = [
    `${feed.show}.`,
    `Episode ${item.number}: ${item.title}.`,
    `Hosted by ${feed.host}.`,
    firstSentence(item.description),
    `Thanks for listening to ${feed.show}, from ${SITE_NAME}.`,
  ].join(" ");
  const voice = join(work, "voice.wav");
  run("espeak-ng", ["-v", sound.voice, "-s", "155", "-p", String(sound.pitch), "-w", voice, script]);
  const spoken = seconds(voice);
  const total = Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil(spoken + LEAD_IN + TAIL)));
  if (spoken + LEAD_IN > total) throw new Error(`${item.guid}: the intro is too long (${spoken} s)`);
  const placed = join(work, "placed.wav");
  sox([voice, "-r", String(RATE), "-c", "1", placed, "norm", "-3", "pad", String(LEAD_IN)]);
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
  return readFileSync(mp3);
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

function rewriteItem(itemXml, audio) {
  const previous = tag(itemXml, "itunes:duration");
  return itemXml
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
        const bytes = makeEpisode(feed, item, work);
        // The content's hash is in the name: a remade file gets a new address, so caches keep
        // each address for good (Cache-Control: immutable).
        const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
        const name = `${item.name}-${hash}.mp3`;
        writeFileSync(join(folder, name), bytes);
        const audio = {
          url: `/media/podcasts/${feed.slug}/${name}`,
          bytes: bytes.length,
          seconds: Math.round(probeSeconds(join(folder, name)) * 1000) / 1000,
        };
        made.set(item.guid, audio);
        manifest[`${feed.slug}/${name}`] = { guid: item.guid, bytes: audio.bytes, seconds: audio.seconds };
        console.error(`${feed.slug}/${name}: ${audio.seconds} s, ${audio.bytes} bytes`);
      }
      for (const old of readdirSync(folder)) {
        if (!manifest[`${feed.slug}/${old}`]) rmSync(join(folder, old));
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
  console.error(
    `${lengths.length} files, ${(total / 1024 / 1024).toFixed(2)} MiB, ` +
      `${Math.min(...lengths)}–${Math.max(...lengths)} s`,
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
  }
  for (const file of readdirSync(feedsDir).filter((name) => name.endsWith(".xml"))) {
    for (const [item] of readFeed(file).xml.matchAll(/<item>[\s\S]*?<\/item>/g)) {
      const url = /<enclosure url="\/media\/podcasts\/([^"]+)"/.exec(item)?.[1];
      if (!url || !manifest[url]) problems.push(`${file}: ${tag(item, "guid")} points at no made file`);
    }
  }
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv.includes("--check")) check();
else makeAll();
