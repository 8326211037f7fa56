import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

  it("is a file only its owner may read or write", () => {
    const journal = new SendJournal(path);
    journal.dotted(mail(1));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    journal.close();
    // A journal left readable by others (an older server, a copy) is made private again.
    chmodSync(path, 0o644);
    new SendJournal(path).dotted(mail(2));
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("refuses a symbolic link in its place with a clear error, and leaves what it points at untouched", () => {
    const target = join(dir, "precious.txt");
    writeFileSync(target, "someone else's data\n");
    chmodSync(target, 0o644);
    mkdirSync(join(dir, "sub"));
    symlinkSync(target, path);
    const journal = new SendJournal(path);
    const refusal = /send journal .*is a symbolic link/;
    expect(() => journal.journalled()).toThrow(refusal);
    expect(() => journal.clear()).toThrow(refusal);
    expect(() => journal.dotted(mail(1))).toThrow(refusal);
    expect(() => journal.refused(mail(1))).toThrow(refusal);
    expect(readFileSync(target, "utf8")).toBe("someone else's data\n");
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });

  it("refuses a file with another name (a hard link) rather than truncate it", () => {
    const target = join(dir, "precious.txt");
    writeFileSync(target, "+1 issue:1:1\n");
    mkdirSync(join(dir, "sub"));
    linkSync(target, path);
    const journal = new SendJournal(path);
    expect(() => journal.clear()).toThrow(/send journal .*other names/);
    expect(() => journal.dotted(mail(2))).toThrow(/send journal .*other names/);
    expect(readFileSync(target, "utf8")).toBe("+1 issue:1:1\n");
  });

  it("refuses something that is not a file (a folder) in its place", () => {
    mkdirSync(path, { recursive: true });
    expect(() => new SendJournal(path).journalled()).toThrow(/send journal .*not a regular file/);
    expect(() => new SendJournal(path).clear()).toThrow(/send journal .*not a regular file/);
  });

  it("refuses a FIFO in its place at once instead of waiting on it", () => {
    mkdirSync(join(dir, "sub"));
    execFileSync("mkfifo", [path]);
    expect(() => new SendJournal(path).journalled()).toThrow(/send journal .*not a regular file/);
  });

  // Only root can give a file to another user; elsewhere the refusal is the same check on the uid.
  it.runIf(process.getuid?.() === 0)("refuses a file of another user, leaving it as it was", () => {
    mkdirSync(join(dir, "sub"));
    writeFileSync(path, "+1 issue:1:1\n");
    chownSync(path, 65534, 65534);
    expect(() => new SendJournal(path).clear()).toThrow(/send journal .*another user/);
    expect(readFileSync(path, "utf8")).toBe("+1 issue:1:1\n");
  });
});
