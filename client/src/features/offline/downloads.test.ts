import { beforeEach, describe, expect, it } from "vitest";
import type { PlayerEpisode } from "../player";
import { currentDownloads, DOWNLOADS_STORAGE_KEY, readDownloads } from "./download-store";
import {
  type DownloadDeps,
  DownloadError,
  downloadEpisode,
  isDownloadable,
  removeDownload,
} from "./downloader";
import { DOWNLOADS_CACHE } from "./sw-routing";

const episode: PlayerEpisode = {
  id: 7,
  title: "Lena Marsh on Life as a Touring Cellist",
  showTitle: "The Green Room Sessions",
  showSlug: "green-room-sessions",
  artworkUrl: "/art/podcast/green-room-sessions.svg",
  audioUrl: "/media/podcasts/green-room-sessions/ep7-ab12.mp3",
  durationSeconds: 26,
};
const entry = { episode, bytes: 1200, savedAt: "2026-11-27T10:00:00.000Z" };

/** A Cache Storage that keeps the bytes each put reads from its stream. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Uint8Array>>();
  return {
    stores,
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Uint8Array>();
      stores.set(name, store);
      return {
        put: async (key: string, response: Response) => {
          store.set(key, new Uint8Array(await response.arrayBuffer()));
        },
        delete: async (key: string) => store.delete(key),
      } as unknown as Cache;
    },
  };
}

/** An audio answer sent in `chunks` pieces of `size` bytes, with or without its length. */
function audioAnswer(chunks: number, size: number, length: number | null = chunks * size) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < chunks; i++) controller.enqueue(new Uint8Array(size).fill(i));
      controller.close();
    },
  });
  const headers: Record<string, string> = { "content-type": "audio/mpeg" };
  if (length !== null) headers["content-length"] = String(length);
  return new Response(body, { status: 200, headers });
}

const depsWith = (
  answer: () => Promise<Response>,
  caches = fakeCaches(),
): DownloadDeps & { caches: ReturnType<typeof fakeCaches> } => ({
  fetch: answer as typeof fetch,
  caches,
  now: () => new Date("2026-11-27T12:00:00.000Z"),
});

describe("the downloads recorded on this device", () => {
  beforeEach(() => localStorage.clear());

  it("reads back what was written, and leaves out entries that do not check out", () => {
    const broken = [
      null,
      { episode, bytes: -1, savedAt: entry.savedAt },
      { episode, bytes: 1.5, savedAt: entry.savedAt },
      { episode, bytes: 10, savedAt: "yesterday" },
      {
        episode: { ...episode, audioUrl: "https://elsewhere.example/ep.mp3" },
        bytes: 10,
        savedAt: entry.savedAt,
      },
      { episode: { ...episode, audioUrl: "//elsewhere.example/ep.mp3" }, bytes: 10, savedAt: entry.savedAt },
      { episode: { ...episode, id: "7" }, bytes: 10, savedAt: entry.savedAt },
      { episode: { ...episode, title: undefined }, bytes: 10, savedAt: entry.savedAt },
    ];
    localStorage.setItem(DOWNLOADS_STORAGE_KEY, JSON.stringify([...broken, entry, { ...entry, bytes: 5 }]));
    // The first entry of an episode counts; a second of the same episode is left out.
    expect(readDownloads(localStorage)).toEqual([entry]);
  });

  it("reads nothing from no entry, unreadable JSON or a value that is not a list", () => {
    expect(readDownloads(localStorage)).toEqual([]);
    for (const raw of ["{", '{"episode":1}', "42", "null"]) {
      localStorage.setItem(DOWNLOADS_STORAGE_KEY, raw);
      expect(readDownloads(localStorage), raw).toEqual([]);
    }
  });
});

describe("downloading an episode", () => {
  beforeEach(() => localStorage.clear());

  it("downloads only this site's own audio", () => {
    expect(isDownloadable(episode.audioUrl)).toBe(true);
    expect(isDownloadable("https://cdn.example/ep.mp3")).toBe(false);
    expect(isDownloadable("/api/admin/export")).toBe(false);
  });

  it("streams the audio into the downloads cache with progress in bytes of the total, then records it", async () => {
    const deps = depsWith(async () => audioAnswer(4, 300));
    const progress: string[] = [];
    const download = await downloadEpisode(episode, {
      deps,
      onProgress: ({ loaded, total }) => progress.push(`${loaded}/${total}`),
    });
    expect(progress).toEqual(["0/1200", "300/1200", "600/1200", "900/1200", "1200/1200"]);
    expect(download).toEqual({ episode, bytes: 1200, savedAt: "2026-11-27T12:00:00.000Z" });
    const stored = deps.caches.stores.get(DOWNLOADS_CACHE);
    expect([...(stored?.keys() ?? [])]).toEqual([`http://localhost:3000${episode.audioUrl}`]);
    expect(stored?.get(`http://localhost:3000${episode.audioUrl}`)?.byteLength).toBe(1200);
    expect(currentDownloads()).toEqual([download]);
  });

  it("downloads audio of unknown length, its total null", async () => {
    const progress: (number | null)[] = [];
    const download = await downloadEpisode(episode, {
      deps: depsWith(async () => audioAnswer(2, 10, null)),
      onProgress: ({ total }) => progress.push(total),
    });
    expect(download.bytes).toBe(20);
    expect(new Set(progress)).toEqual(new Set([null]));
  });

  it("records nothing and keeps nothing when the answer is an error or cut short", async () => {
    await expect(
      downloadEpisode(episode, { deps: depsWith(async () => new Response("gone", { status: 404 })) }),
    ).rejects.toThrow(new DownloadError("The audio could not be downloaded (HTTP 404)."));
    const deps = depsWith(async () => audioAnswer(2, 100, 500));
    await expect(downloadEpisode(episode, { deps })).rejects.toThrow("The download was cut short.");
    expect(deps.caches.stores.get(DOWNLOADS_CACHE)?.size).toBe(0);
    await expect(
      downloadEpisode(episode, { deps: depsWith(() => Promise.reject(new TypeError("Failed to fetch"))) }),
    ).rejects.toThrow("The download could not start: check your connection.");
    await expect(
      downloadEpisode({ ...episode, audioUrl: "https://cdn.example/ep.mp3" }, { deps }),
    ).rejects.toThrow("This episode's audio is on another site.");
    expect(currentDownloads()).toEqual([]);
  });

  it("removes a download's audio and its entry", async () => {
    const deps = depsWith(async () => audioAnswer(1, 10));
    await downloadEpisode(episode, { deps });
    await downloadEpisode({ ...episode, id: 8, audioUrl: "/media/podcasts/x/ep8.mp3" }, { deps });
    expect(currentDownloads().map((d) => d.episode.id)).toEqual([8, 7]);
    await removeDownload(episode, deps);
    expect(currentDownloads().map((d) => d.episode.id)).toEqual([8]);
    expect([...(deps.caches.stores.get(DOWNLOADS_CACHE)?.keys() ?? [])]).toEqual([
      "http://localhost:3000/media/podcasts/x/ep8.mp3",
    ]);
  });
});
