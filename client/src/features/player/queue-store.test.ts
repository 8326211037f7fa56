import { describe, expect, it } from "vitest";
import { MemoryStorage } from "./fake-media";
import type { PlayerEpisode } from "./player-types";
import { createQueueStore, QUEUE_LIMIT, QUEUE_STORAGE_KEY, QUEUE_VERSION, readQueue } from "./queue-store";

const episode = (id: number): PlayerEpisode => ({
  id,
  title: `Episode ${id}`,
  showTitle: "Bedroom to Master",
  showSlug: "bedroom-to-master",
  artworkUrl: "/art/podcast/bedroom-to-master.svg",
  audioUrl: `/media/podcasts/bedroom-to-master/ep${id}.mp3`,
  durationSeconds: 27,
  chaptersUrl: null,
});

function newQueue(storage = new MemoryStorage()) {
  const queue = createQueueStore({ storage: () => storage });
  queue.restore();
  return { queue, storage, ids: () => queue.getSnapshot().map((queued) => queued.id) };
}

describe("the Up next queue", () => {
  it("adds next and last, moves an episode already queued instead of doubling it, never queues the one playing", () => {
    const { queue, ids } = newQueue();
    expect(queue.add(episode(1), "last", 9)).toBe("added");
    expect(queue.add(episode(2), "last", 9)).toBe("added");
    expect(queue.add(episode(3), "next", 9)).toBe("added");
    expect(ids()).toEqual([3, 1, 2]);
    expect(queue.add(episode(2), "next", 9)).toBe("moved");
    expect(ids()).toEqual([2, 3, 1]);
    expect(queue.add(episode(2), "last", 9)).toBe("moved");
    expect(ids()).toEqual([3, 1, 2]);
    expect(queue.add(episode(9), "next", 9)).toBe("playing");
    expect(ids()).toEqual([3, 1, 2]);
  });

  it("holds at most QUEUE_LIMIT episodes, though one queued can still move", () => {
    const { queue, ids } = newQueue();
    for (let id = 1; id <= QUEUE_LIMIT; id++) queue.add(episode(id), "last", null);
    expect(queue.add(episode(QUEUE_LIMIT + 1), "last", null)).toBe("full");
    expect(queue.add(episode(QUEUE_LIMIT), "next", null)).toBe("moved");
    expect(ids()).toHaveLength(QUEUE_LIMIT);
    expect(ids()[0]).toBe(QUEUE_LIMIT);
  });

  it("reorders (clamped to the list), removes, clears, and takes the first to play", () => {
    const { queue, ids } = newQueue();
    for (const id of [1, 2, 3, 4]) queue.add(episode(id), "last", null);
    expect(queue.move(1, 2)).toBe(true);
    expect(ids()).toEqual([2, 3, 1, 4]);
    expect(queue.move(4, -5)).toBe(true);
    expect(ids()).toEqual([4, 2, 3, 1]);
    expect(queue.move(4, 99)).toBe(true);
    expect(ids()).toEqual([2, 3, 1, 4]);
    expect(queue.move(2, 0)).toBe(false);
    expect(queue.move(77, 1)).toBe(false);
    queue.remove(3);
    expect(ids()).toEqual([2, 1, 4]);
    expect(queue.take()?.id).toBe(2);
    expect(ids()).toEqual([1, 4]);
    queue.clear();
    expect(ids()).toEqual([]);
    expect(queue.take()).toBeNull();
  });

  it("tells its listeners of each change", () => {
    const { queue } = newQueue();
    let calls = 0;
    const stop = queue.subscribe(() => calls++);
    queue.add(episode(1), "last", null);
    queue.remove(1);
    queue.remove(1);
    stop();
    queue.add(episode(2), "last", null);
    expect(calls).toBe(2);
  });

  it("is kept on the device, versioned, and read back in order", () => {
    const { queue, storage } = newQueue();
    queue.add(episode(1), "last", null);
    queue.add(episode(2), "next", null);
    const stored = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? "null");
    expect(stored).toMatchObject({ version: QUEUE_VERSION, episodes: [{ id: 2 }, { id: 1 }] });
    const again = newQueue(storage);
    expect(again.ids()).toEqual([2, 1]);
    expect(again.queue.getSnapshot()[0]).toEqual(episode(2));
  });

  it("reads bad stored data as an empty queue, or keeps only the valid episodes, once each", () => {
    const storage = new MemoryStorage();
    const stored = (value: string) => {
      storage.setItem(QUEUE_STORAGE_KEY, value);
      return readQueue(storage).map((queued) => queued.id);
    };
    for (const bad of [
      "not json{",
      "null",
      "42",
      '"text"',
      "[]",
      JSON.stringify({ episodes: [episode(1)] }),
      JSON.stringify({ version: 2, episodes: [episode(1)] }),
      JSON.stringify({ version: QUEUE_VERSION, episodes: "1,2" }),
    ]) {
      expect(stored(bad), bad).toEqual([]);
    }
    const evil = { ...episode(5), chaptersUrl: "https://evil.test/c.json" };
    expect(
      stored(
        JSON.stringify({
          version: QUEUE_VERSION,
          episodes: [
            episode(3),
            null,
            { id: "4", title: "x" },
            episode(3),
            evil,
            { ...episode(6), audioUrl: 6 },
          ],
        }),
      ),
    ).toEqual([3, 5]);
    // Another origin's chapters address is never fetched: it reads as none.
    expect(readQueue(storage)[1]?.chaptersUrl).toBeNull();
    // A storage that throws (privacy settings) gives an empty queue and takes no write.
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    const queue = createQueueStore({ storage: () => refusing });
    queue.restore();
    expect(queue.getSnapshot()).toEqual([]);
    expect(queue.add(episode(1), "last", null)).toBe("added");
    expect(queue.getSnapshot()).toHaveLength(1);
  });
});
