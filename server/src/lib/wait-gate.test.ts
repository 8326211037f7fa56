import { describe, expect, it } from "vitest";
import { WaitingGate } from "./wait-gate";

/** A piece of work that ends when the test says so. */
function controlled() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("WaitingGate", () => {
  it("runs at most `limit` at once, the rest in the order they came, and never one more", async () => {
    const gate = new WaitingGate(2);
    const started: number[] = [];
    const pieces = [0, 1, 2, 3, 4].map(() => controlled());
    const runs = pieces.map((piece, index) =>
      gate.run(async () => {
        started.push(index);
        await piece.done;
        return index;
      }),
    );
    await settle();
    expect([started, gate.inFlight]).toEqual([[0, 1], 2]);
    pieces[1]?.finish();
    // A newcomer arriving as a place frees up waits behind those already waiting.
    const late = gate.run(async () => {
      started.push(5);
      return 5;
    });
    await settle();
    expect([started, gate.inFlight]).toEqual([[0, 1, 2], 2]);
    for (const piece of pieces) piece.finish();
    expect(await Promise.all([...runs, late])).toEqual([0, 1, 2, 3, 4, 5]);
    expect([started, gate.inFlight]).toEqual([[0, 1, 2, 3, 4, 5], 0]);
  });

  it("frees its place when the work fails", async () => {
    const gate = new WaitingGate(1);
    await expect(gate.run(async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(gate.inFlight).toBe(0);
    expect(await gate.run(async () => "yes")).toBe("yes");
  });
});
