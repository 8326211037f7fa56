import { useSyncExternalStore } from "react";
import type { PlayerEpisode } from "../player";

/**
 * The episodes downloaded on this device (decision 0026): what the Downloads list and the episode
 * page show, in localStorage (the audio itself is in Cache Storage, downloader.ts). Every entry is
 * checked when read: one that is not whole (an older version, a hand edit) is left out.
 */
import { DOWNLOADS_STORAGE_KEY } from "./download-key";

export { DOWNLOADS_STORAGE_KEY };

export interface Download {
  episode: PlayerEpisode;
  /** Bytes of audio stored. */
  bytes: number;
  /** When it was downloaded (ISO date-time). */
  savedAt: string;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const isString = (value: unknown): value is string => typeof value === "string";
const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

function isEpisode(value: unknown): value is PlayerEpisode {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    isCount(e.id) &&
    e.id > 0 &&
    isString(e.title) &&
    isString(e.showTitle) &&
    (e.showSlug === null || isString(e.showSlug)) &&
    isString(e.artworkUrl) &&
    // Only this site's own audio is downloaded (downloader.ts isDownloadable).
    isString(e.audioUrl) &&
    /^\/(?![/\\])\S+$/.test(e.audioUrl) &&
    (e.durationSeconds === null || isCount(e.durationSeconds))
  );
}

function isDownload(value: unknown): value is Download {
  if (typeof value !== "object" || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    isEpisode(d.episode) && isCount(d.bytes) && isString(d.savedAt) && !Number.isNaN(Date.parse(d.savedAt))
  );
}

/** The downloads recorded in `storage`, newest first; the entries that do not check out left out. */
export function readDownloads(storage: Storage): Download[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(DOWNLOADS_STORAGE_KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  return parsed.filter((entry): entry is Download => {
    if (!isDownload(entry) || seen.has(entry.episode.id)) return false;
    seen.add(entry.episode.id);
    return true;
  });
}

const EMPTY: readonly Download[] = [];
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; list: readonly Download[] } | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The downloads now, the same array until they change (useSyncExternalStore compares by identity). */
export function currentDownloads(): readonly Download[] {
  const store = storage();
  if (!store) return EMPTY;
  const raw = store.getItem(DOWNLOADS_STORAGE_KEY);
  if (snapshot?.raw !== raw) snapshot = { raw, list: raw === null ? EMPTY : readDownloads(store) };
  return snapshot.list;
}

function write(list: readonly Download[]): void {
  storage()?.setItem(DOWNLOADS_STORAGE_KEY, JSON.stringify(list));
  for (const listener of listeners) listener();
}

/** Records a download (replacing an earlier one of the same episode), newest first. */
export function recordDownload(download: Download): void {
  write([download, ...currentDownloads().filter((d) => d.episode.id !== download.episode.id)]);
}

export function forgetDownload(episodeId: number): void {
  write(currentDownloads().filter((d) => d.episode.id !== episodeId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab downloading or removing.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DOWNLOADS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The downloads, for a component; none on the server and while hydrating (the server knows none). */
export function useDownloads(): readonly Download[] {
  return useSyncExternalStore(subscribe, currentDownloads, () => EMPTY);
}
