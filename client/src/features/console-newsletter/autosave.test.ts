import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Autosave, type SaveState } from "./autosave";

class Conflict extends Error {}

/** An autosave of strings whose saves are answered by hand (`answer`), recording what was sent. */
function setup(check?: (value: string) => string | null) {
  const sent: { value: string; version: number }[] = [];
  const answers: { resolve: (version: number) => void; reject: (error: unknown) => void }[] = [];
  const states: SaveState["status"][] = [];
  const autosave = new Autosave<string>({
    version: 1,
    delayMs: 800,
    save: (value, version) => {
      sent.push({ value, version });
      return new Promise((resolve, reject) => answers.push({ resolve, reject }));
    },
    check,
    isConflict: (error) => error instanceof Conflict,
    describe: (error) => (error instanceof Error ? error.message : String(error)),
    onState: (state) => states.push(state.status),
  });
  /** Answers the oldest unanswered save. */
  const answer = async (outcome: number | Error) => {
    const next = answers.shift();
    if (!next) throw new Error("no save is waiting for an answer");
    if (typeof outcome === "number") next.resolve(outcome);
    else next.reject(outcome);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { autosave, sent, states, answer };
}

describe("the composer's autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for a pause in typing, then saves only the newest text over the version it holds", async () => {
    const { autosave, sent, states, answer } = setup();
    autosave.change("H");
    await vi.advanceTimersByTimeAsync(500);
    autosave.change("He");
    await vi.advanceTimersByTimeAsync(500);
    autosave.change("Hello");
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toEqual([]);
    expect(autosave.current.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ value: "Hello", version: 1 }]);
    expect(autosave.current.status).toBe("saving");
    await answer(2);
    expect(autosave.current.status).toBe("saved");
    expect(autosave.savedVersion).toBe(2);
    autosave.change("Hello!");
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.at(-1)).toEqual({ value: "Hello!", version: 2 });
    expect(states).toEqual(["unsaved", "unsaved", "unsaved", "saving", "saved", "unsaved", "saving"]);
  });

  it("saves one at a time: what changed during a save is saved after it, with the new version", async () => {
    const { autosave, sent, answer } = setup();
    autosave.change("one");
    await vi.advanceTimersByTimeAsync(800);
    autosave.change("one two");
    // The pause passes while the first save is still under way: no second request yet.
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(1);
    await answer(2);
    expect(sent).toEqual([
      { value: "one", version: 1 },
      { value: "one two", version: 2 },
    ]);
    await answer(3);
    expect(autosave.current.status).toBe("saved");
    expect(autosave.savedVersion).toBe(3);
  });

  it("keeps the text when a save fails and saves it with the next change or a retry", async () => {
    const { autosave, sent, answer } = setup();
    autosave.change("draft");
    await vi.advanceTimersByTimeAsync(800);
    await answer(new Error("503: Service Unavailable"));
    expect(autosave.current).toEqual({ status: "failed", message: "503: Service Unavailable" });
    const retried = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toEqual({ value: "draft", version: 1 });
    await answer(2);
    expect(await retried).toBe(true);
    expect(autosave.current.status).toBe("saved");
  });

  it("stops on a conflict, keeps the editor's text, and saves it over theirs only when told", async () => {
    const { autosave, sent, answer } = setup();
    autosave.change("mine");
    await vi.advanceTimersByTimeAsync(800);
    await answer(new Conflict("This issue was changed elsewhere"));
    expect(autosave.current).toEqual({ status: "conflict", message: "This issue was changed elsewhere" });
    autosave.change("mine, edited");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(1);
    expect(autosave.current.status).toBe("conflict");
    const kept = autosave.keepMine(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toEqual({ value: "mine, edited", version: 7 });
    await answer(8);
    expect(await kept).toBe(true);
    expect(autosave.savedVersion).toBe(8);
  });

  it("drops the unsaved text only when the editor takes their version", async () => {
    const { autosave, sent, answer } = setup();
    autosave.change("mine");
    await vi.advanceTimersByTimeAsync(800);
    await answer(new Conflict("changed elsewhere"));
    autosave.takeTheirs(5);
    expect(autosave.current.status).toBe("saved");
    expect(await autosave.flush()).toBe(true);
    autosave.change("theirs, edited");
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.at(-1)).toEqual({ value: "theirs, edited", version: 5 });
  });

  it("does not send a draft the contract refuses, and says why", async () => {
    const { autosave, sent } = setup((value) => (value.trim() ? null : "Title is required"));
    autosave.change("  ");
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toEqual([]);
    expect(autosave.current).toEqual({ status: "invalid", message: "Title is required" });
    expect(await autosave.flush()).toBe(false);
  });

  it("flush saves at once, without waiting for the pause", async () => {
    const { autosave, sent, answer } = setup();
    autosave.change("now");
    const flushed = autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ value: "now", version: 1 }]);
    await answer(2);
    expect(await flushed).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toHaveLength(1);
  });
});
