import { describe, expect, it } from "vitest";
import {
  EMPTY_CATALOGUE,
  KNOWN_CATALOGUE_TTL_MS,
  type KnownCatalogue,
  KnownCatalogueSource,
} from "./known-catalogue";
import { MADE_UP_ITEMS_PER_VISITOR, MadeUpItems } from "./made-up-items";

describe("the catalogue snapshot the counting checks against", () => {
  it("is read once at first, again in the background when a minute old or the cache was cleared", async () => {
    let now = 0;
    let version = 1;
    let reads = 0;
    const source = new KnownCatalogueSource(
      async (): Promise<KnownCatalogue> => {
        reads++;
        return { ...EMPTY_CATALOGUE, playlists: new Set([reads]) };
      },
      () => version,
      () => now,
    );
    expect(source.current()).toBeUndefined();
    const first = await source.pending;
    expect(first?.playlists.has(1)).toBe(true);
    expect(source.current()).toBe(first);
    expect(source.pending).toBeUndefined();
    now += KNOWN_CATALOGUE_TTL_MS;
    // The old snapshot answers while the new one is read.
    expect(source.current()).toBe(first);
    expect((await source.pending)?.playlists.has(2)).toBe(true);
    version = 2;
    source.current();
    expect((await source.pending)?.playlists.has(3)).toBe(true);
    source.current();
    expect(source.pending).toBeUndefined();
    expect(reads).toBe(3);
  });
});

describe("made-up items per visitor", () => {
  it("allows a visitor a few distinct ones a day, any of them again, and a new day afresh", () => {
    const items = new MadeUpItems(MADE_UP_ITEMS_PER_VISITOR, 2);
    for (let i = 0; i < MADE_UP_ITEMS_PER_VISITOR; i++)
      expect(items.allow("d1", "a", "search", `t${i}`)).toBe(true);
    expect(items.allow("d1", "a", "search", "one more")).toBe(false);
    expect(items.allow("d1", "a", "search", "t3")).toBe(true);
    expect(items.allow("d1", "b", "search", "one more")).toBe(true);
    // A third visitor that day: past the visitors remembered, refused.
    expect(items.allow("d1", "c", "search", "x")).toBe(false);
    items.forgetBefore("d2");
    expect(items.allow("d2", "a", "search", "one more")).toBe(true);
    expect(items.allow("d2", "c", "search", "x")).toBe(true);
  });
});
