import { describe, expect, it } from "vitest";
import {
  currentThreadId,
  lowerThisThreadsPriority,
  PGLITE_THREAD_NICENESS_ABOVE_SERVER,
} from "./thread-priority";

describe("the PGlite thread's scheduling priority", () => {
  it("reads the thread id from /proc/thread-self, and has none where that is missing", () => {
    expect(currentThreadId(() => "4242/task/4250")).toBe(4250);
    expect(
      currentThreadId(() => {
        throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
      }),
    ).toBeUndefined();
    expect(currentThreadId(() => "self")).toBeUndefined();
  });

  it("leaves the priority alone where threads have none of their own", () => {
    const missing = () => {
      throw new Error("ENOENT");
    };
    expect(lowerThisThreadsPriority(PGLITE_THREAD_NICENESS_ABOVE_SERVER, missing)).toEqual({
      lowered: false,
      reason: expect.any(String),
    });
  });
});
