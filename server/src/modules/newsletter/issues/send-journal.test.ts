import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SendJournal } from "./send-journal";

const mail = (id: number) => ({ id, key: `issue:1:${id}` });

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
    expect(journal.journalled()).toEqual([]);
    journal.clear();
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
  });

  it("gives the dots written and not refused, a refused mail sent again counting again", () => {
    const journal = new SendJournal(path);
    journal.dotted(mail(7));
    journal.dotted(mail(8));
    journal.refused(mail(7));
    journal.dotted(mail(9));
    journal.refused(mail(8));
    journal.dotted(mail(8));
    journal.close();
    expect(new SendJournal(path).journalled()).toEqual([mail(9), mail(8)]);
  });

  it("names a mail by its row and its key: the same row id with another key is another mail", () => {
    const journal = new SendJournal(path);
    journal.dotted({ id: 4, key: "issue:1:4" });
    journal.refused({ id: 4, key: "issue:2:4" });
    expect(journal.journalled()).toEqual([{ id: 4, key: "issue:1:4" }]);
  });

  it("ignores a line a crash cut short and anything that is not an entry", () => {
    const journal = new SendJournal(path);
    journal.dotted(mail(12));
    journal.close();
    appendFileSync(path, "+1x issue:1:1\n-\n+0 issue:1:0\n+5\nhello\n+13 issue:1:13\n+14 issue:1:14");
    expect(new SendJournal(path).journalled()).toEqual([mail(12), mail(13)]);
  });

  it("is empty after clear, and takes new entries after it", () => {
    const journal = new SendJournal(path);
    journal.dotted(mail(1));
    journal.clear();
    expect(journal.journalled()).toEqual([]);
    journal.dotted(mail(2));
    expect(journal.journalled()).toEqual([mail(2)]);
    expect(readFileSync(path, "utf8")).toBe("+2 issue:1:2\n");
  });
});
