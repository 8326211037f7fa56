import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { holdEnd } from "./final-dot";

/** A message's stream through the hold, and what a reader (the SMTP connection) saw, in order. */
function message(before: () => Promise<void>) {
  const events: string[] = [];
  const held = holdEnd(Readable.from(["Subject: hi\r\n", "\r\nbody"]), async () => {
    events.push("hook");
    await before();
    events.push("hook done");
  });
  const read = () =>
    new Promise<void>((resolve, reject) => {
      const connection = new Writable({
        write(chunk: Buffer, _encoding, done) {
          events.push(`data:${chunk.toString()}`);
          done();
        },
      });
      held.once("error", reject);
      held.once("end", () => {
        events.push("end");
        resolve();
      });
      held.pipe(connection);
    });
  return { events, held, read };
}

describe("the final dot's hold", () => {
  it("ends the message (the dot) only after the reader has it all and the hook resolved", async () => {
    const { events, read } = message(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await read();
    expect(events).toEqual(["data:Subject: hi\r\n", "data:\r\nbody", "hook", "hook done", "end"]);
  });

  it("waits for a reader: a message composed while the connection is busy with the envelope runs no hook", async () => {
    const { events, read } = message(async () => {});
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).toEqual([]);
    await read();
    expect(events).toEqual(["data:Subject: hi\r\n", "data:\r\nbody", "hook", "hook done", "end"]);
  });

  it("never ends the message when the hook fails: the error reaches the sender", async () => {
    const { events, read } = message(() => Promise.reject(new Error("journal not writable")));
    await expect(read()).rejects.toThrow("journal not writable");
    expect(events).not.toContain("end");
  });
});
