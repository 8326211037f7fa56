import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { HoldFinalDot } from "./final-dot";

/** What a stream passed on, and when the hook ran relative to its end. */
async function through(before: () => Promise<void>) {
  const events: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      events.push(`data:${chunk.toString()}`);
      done();
    },
    final(done) {
      events.push("end");
      done();
    },
  });
  const hook = async () => {
    events.push("hook");
    await before();
    events.push("hook done");
  };
  const result = pipeline(Readable.from(["Subject: hi\r\n", "\r\nbody"]), new HoldFinalDot(hook), sink);
  return { events, result };
}

describe("HoldFinalDot", () => {
  it("passes the message on and ends it (the final dot) only after the hook resolved", async () => {
    const { events, result } = await through(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await result;
    expect(events).toEqual(["data:Subject: hi\r\n", "data:\r\nbody", "hook", "hook done", "end"]);
  });

  it("never ends the message when the hook fails: the error reaches the sender", async () => {
    const { events, result } = await through(() => Promise.reject(new Error("database down")));
    await expect(result).rejects.toThrow("database down");
    expect(events).not.toContain("end");
  });
});
