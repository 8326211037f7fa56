import { describe, expect, it } from "vitest";
import { createBatcher, Failed } from "./batcher";

/** A batch function that records its batches and answers when `release` is called. */
function recorder() {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const run = (batch: number[]) =>
    new Promise<string[]>((resolve) => {
      batches.push(batch);
      releases.push(() => resolve(batch.map((n) => `answer ${n}`)));
    });
  const releaseNext = async () => {
    releases.shift()?.();
    // Let the answers settle and the next batch start.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, releaseNext };
}

describe("createBatcher", () => {
  it("runs the first call at once, alone, and the calls made meanwhile together, in order", async () => {
    const { batches, run, releaseNext } = recorder();
    const ask = createBatcher(run);
    const first = ask(1);
    const others = [ask(2), ask(3), ask(4)];
    expect(batches).toEqual([[1]]);
    await releaseNext();
    expect(await first).toBe("answer 1");
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await releaseNext();
    expect(await Promise.all(others)).toEqual(["answer 2", "answer 3", "answer 4"]);
  });

  it("puts at most `max` calls in one batch", async () => {
    const { batches, run, releaseNext } = recorder();
    const ask = createBatcher(run, { max: 2 });
    const answers = [1, 2, 3, 4, 5].map((n) => ask(n));
    for (let i = 0; i < 3; i++) await releaseNext();
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5].map((n) => `answer ${n}`));
  });

  it("gives a failed batch's error to its own callers only; the next batch still runs", async () => {
    let calls = 0;
    const ask = createBatcher(async (batch: number[]) => {
      calls++;
      if (batch.includes(2)) throw new Error("no two");
      return batch.map((n) => n * 10);
    });
    const one = ask(1);
    const two = ask(2);
    const three = ask(3);
    expect(await one).toBe(10);
    await expect(two).rejects.toThrow("no two");
    await expect(three).rejects.toThrow("no two");
    expect(await ask(4)).toBe(40);
    expect(calls).toBe(3);
  });

  it("fails only the call whose result is Failed", async () => {
    const ask = createBatcher(async (batch: number[]) =>
      batch.map((n) => (n === 2 ? new Failed(new Error("no two")) : n * 10)),
    );
    const answers = await Promise.allSettled([ask(1), ask(2), ask(3)]);
    expect(answers).toEqual([
      { status: "fulfilled", value: 10 },
      { status: "rejected", reason: new Error("no two") },
      { status: "fulfilled", value: 30 },
    ]);
  });

  it("refuses a batch size below one", () => {
    expect(() => createBatcher(async (batch: number[]) => batch, { max: 0 })).toThrow(RangeError);
  });

  it("refuses an answer that does not have one result per call", async () => {
    const ask = createBatcher(async (batch: number[]) => batch.slice(1));
    await expect(ask(1)).rejects.toThrow("a batch of 1 was answered with 0 results");
  });
});
