import { describe, expect, it } from "vitest";
import { BoundedCache, stringBytes } from "./bounded-cache";

describe("a bounded cache", () => {
  const cache = (entries: number, bytes: number) => new BoundedCache<string>({ entries, bytes }, stringBytes);

  it("drops the oldest entries once its values pass the byte budget", () => {
    const kept = cache(100, 1000);
    for (let n = 0; n < 20; n++) kept.set(`k${n}`, "x".repeat(100)); // 200 bytes each
    expect(kept.size).toBe(5);
    expect(kept.bytes).toBe(1000);
    expect([...kept.keys()]).toEqual(["k15", "k16", "k17", "k18", "k19"]);
  });

  it("drops the oldest entries once it holds its count", () => {
    const kept = cache(3, 1_000_000);
    for (let n = 0; n < 5; n++) kept.set(`k${n}`, "x");
    expect([...kept.keys()]).toEqual(["k2", "k3", "k4"]);
    expect(kept.bytes).toBe(6);
  });

  it("keeps no value larger than the whole budget, and counts a value set again once", () => {
    const kept = cache(10, 100);
    expect(kept.set("big", "x".repeat(51))).toBe(false);
    expect(kept.has("big")).toBe(false);
    kept.set("a", "xx");
    kept.set("a", "xxx");
    expect(kept.bytes).toBe(6);
    expect(kept.get("a")).toBe("xxx");
    kept.delete("a");
    expect(kept.bytes).toBe(0);
    kept.set("b", "x");
    kept.clear();
    expect(kept.size).toBe(0);
    expect(kept.bytes).toBe(0);
  });

  it("drops the entries a sweep says have expired, and counts their bytes out", () => {
    const kept = cache(10, 1000);
    kept.set("old", "x".repeat(10));
    kept.set("new", "y".repeat(10));
    kept.deleteWhere((value) => value.startsWith("x"));
    expect([...kept.keys()]).toEqual(["new"]);
    expect(kept.bytes).toBe(20);
  });
});
