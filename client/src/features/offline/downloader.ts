import type { PlayerEpisode } from "../player";
import { type Download, forgetDownload, recordDownload } from "./download-store";
import { DOWNLOADS_CACHE } from "./sw-routing";

/**
 * Downloads an episode's audio into Cache Storage, where the service worker plays it from when
 * offline (sw-range.ts answers the player's Range requests from it), with progress as it arrives.
 */

/** Only the club's own audio (a path on this site): another host's needs CORS, which feeds rarely allow. */
export function isDownloadable(audioUrl: string): boolean {
  return audioUrl.startsWith("/media/podcasts/");
}

export interface Progress {
  loaded: number;
  /** From Content-Length; null when the server does not say. */
  total: number | null;
}

export interface DownloadDeps {
  fetch: typeof fetch;
  caches: Pick<CacheStorage, "open">;
  now: () => Date;
}

const browserDeps = (): DownloadDeps => ({
  fetch: (...args) => fetch(...args),
  caches: globalThis.caches,
  now: () => new Date(),
});

export class DownloadError extends Error {}

/**
 * Streams the audio into the downloads cache (never whole in memory), calling `onProgress` as bytes
 * arrive, then records it. Rejects with a DownloadError saying what went wrong (or the abort).
 */
export async function downloadEpisode(
  episode: PlayerEpisode,
  options: { onProgress?: (progress: Progress) => void; signal?: AbortSignal; deps?: DownloadDeps } = {},
): Promise<Download> {
  const deps = options.deps ?? browserDeps();
  if (!isDownloadable(episode.audioUrl)) throw new DownloadError("This episode's audio is on another site.");
  if (!deps.caches) throw new DownloadError("This browser can't keep episodes for offline listening.");
  let response: Response;
  try {
    response = await deps.fetch(episode.audioUrl, { signal: options.signal, cache: "no-store" });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new DownloadError("The download could not start: check your connection.");
  }
  if (response.status !== 200 || !response.body) {
    throw new DownloadError(`The audio could not be downloaded (HTTP ${response.status}).`);
  }
  const length = Number(response.headers.get("content-length"));
  const total = Number.isInteger(length) && length > 0 ? length : null;
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        options.onProgress?.({ loaded, total });
        controller.enqueue(chunk);
      },
    }),
  );
  const headers = new Headers({ "content-type": response.headers.get("content-type") ?? "audio/mpeg" });
  if (total !== null) headers.set("content-length", String(total));
  const cache = await deps.caches.open(DOWNLOADS_CACHE);
  const key = new URL(episode.audioUrl, globalThis.location?.href ?? "http://localhost/").href;
  try {
    await cache.put(key, new Response(counted, { status: 200, headers }));
  } catch (error) {
    await cache.delete(key);
    if (options.signal?.aborted) throw error;
    throw new DownloadError(
      error instanceof DOMException && error.name === "QuotaExceededError"
        ? "There is not enough storage left on this device."
        : "The download was interrupted.",
    );
  }
  if (total !== null && loaded !== total) {
    await cache.delete(key);
    throw new DownloadError("The download was cut short.");
  }
  const download: Download = { episode, bytes: loaded, savedAt: deps.now().toISOString() };
  recordDownload(download);
  return download;
}

/** Removes a download: its audio and its entry. */
export async function removeDownload(
  episode: Pick<PlayerEpisode, "id" | "audioUrl">,
  deps: Pick<DownloadDeps, "caches"> = browserDeps(),
): Promise<void> {
  forgetDownload(episode.id);
  const key = new URL(episode.audioUrl, globalThis.location?.href ?? "http://localhost/").href;
  await (await deps.caches?.open(DOWNLOADS_CACHE))?.delete(key);
}

/** Storage this site uses and may still use on this device, or null when the browser does not say. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.();
  if (estimate?.usage === undefined || estimate.quota === undefined) return null;
  return { usage: estimate.usage, quota: estimate.quota };
}
