import { describe, expect, it } from "vitest";
import { ConcurrencyGate, OverloadedError } from "./concurrency-gate";

describe("ConcurrencyGate", () => {
  it("runs up to its limit at once and turns the next away with a 503, then has room again", async () => {
    const gate = new ConcurrencyGate(2);
    const releases: (() => void)[] = [];
    const held = () =>
      gate.run(
        () =>
          new Promise<string>((resolve) => {
            releases.push(() => resolve("done"));
          }),
      );
    const first = held();
    const second = held();
    expect(gate.inFlight).toBe(2);
    await expect(held()).rejects.toBeInstanceOf(OverloadedError);
    await expect(held()).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 1 });
    for (const release of releases) release();
    await expect(Promise.all([first, second])).resolves.toEqual(["done", "done"]);
    expect(gate.inFlight).toBe(0);
    await expect(gate.run(async () => "again")).resolves.toBe("again");
  });

  it("frees its place when the work fails", async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.inFlight).toBe(0);
  });

  it("with a shed delay, answers a turned-away request after it (a timer), not at once", async () => {
    const gate = new ConcurrencyGate(1, { shedDelayMs: 60 });
    let release: () => void = () => {};
    const held = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const started = performance.now();
    await expect(gate.run(async () => "never")).rejects.toBeInstanceOf(OverloadedError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    release();
    await held;
    expect(gate.inFlight).toBe(0);
  });
});
