import { readFileSync } from "node:fs";
import { join } from "node:path";
import { podcastMediaFolder } from "../paths";

/** The seed's own shows (server/src/db/seed/podcast-feeds), by slug. */
export const SEED_SHOWS = [
  "green-room-sessions",
  "bedroom-to-master",
  "pressing-matters",
  "genre-atlas",
  "net-receipts",
  "portrait-series",
  "loop-theory",
  "cue-sheet",
];

/** A seed episode's committed media, as `audio-files.json` lists it (keyed by the MP3's path). */
export interface SeedAudioFile {
  guid: string;
  bytes: number;
  seconds: number;
  vtt: string;
  srt: string;
  chapters: string;
}

/** `server/media/podcasts/audio-files.json`, read as the tests need it. */
export function seedAudioFiles(): Record<string, SeedAudioFile> {
  return JSON.parse(readFileSync(join(podcastMediaFolder, "audio-files.json"), "utf8")) as Record<
    string,
    SeedAudioFile
  >;
}
