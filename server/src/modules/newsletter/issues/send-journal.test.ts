import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SendJournal } from "./send-journal";

describe("SendJournal", () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "journal-unit-"));
    path = join(dir, "sub", "newsletter-send.journal");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("knows nothing before anything is written, and makes no file for that", () => {
    const journal = new SendJournal(path);
    expect(journal.dottedIds()).toEqual([]);
    journal.clear();
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
  });

  it("gives the dots written and not refused, a refused mail sent again counting again", () => {
    const journal = new SendJournal(path);
    journal.dotted(7);
    journal.dotted(8);
    journal.refused(7);
    journal.dotted(9);
    journal.refused(8);
    journal.dotted(8);
    journal.close();
    expect(new SendJournal(path).dottedIds()).toEqual([9, 8]);
  });

  it("ignores a line a crash cut short and anything that is not an entry", () => {
    const journal = new SendJournal(path);
    journal.dotted(12);
    journal.close();
    appendFileSync(path, "+1x\n-\n+0\nhello\n+13\n+14");
    expect(new SendJournal(path).dottedIds()).toEqual([12, 13]);
  });

  it("is empty after clear, and takes new entries after it", () => {
    const journal = new SendJournal(path);
    journal.dotted(1);
    journal.clear();
    expect(journal.dottedIds()).toEqual([]);
    journal.dotted(2);
    expect(journal.dottedIds()).toEqual([2]);
    expect(readFileSync(path, "utf8")).toBe("+2\n");
  });
});
