import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { InsightsBuffer, UNIQUE_CODE } from "./insights-buffer";

const hex = (n: number) => n.toString(16).padStart(16, "0");

/** A database that takes every flush and keeps its parameters (the columns' arrays). */
function recordingDb() {
  const dialect = new PgDialect();
  const flushes: unknown[][] = [];
  const db = {
    execute: async (query: SQL) => {
      flushes.push(dialect.sqlToQuery(query).params);
      return { rows: [] };
    },
  } as unknown as Database;
  return { db, flushes };
}

describe("the insights buffer", () => {
  it("writes columns in key order; a visitor written that day is not sent again, on a new day it is", async () => {
    const { db, flushes } = recordingDb();
    const buffer = new InsightsBuffer();
    buffer.count("2026-01-02", "pageview", "/b");
    buffer.count("2026-01-02", "pageview", "/a", 2);
    buffer.count("2026-01-02", "pageview", "/b");
    buffer.count("2026-01-01", "referrer", "x.example");
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/b", hex(2));
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/b", hex(1));
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/b", hex(2));
    buffer.visit("2026-01-02", UNIQUE_CODE.listener, "7", "ffffffffffffffff");
    expect(buffer.size).toBe(6);
    expect(await buffer.flush(db)).toBe(6);
    expect(flushes[0]).toEqual([
      ["2026-01-01", "2026-01-02", "2026-01-02"],
      ["referrer", "pageview", "pageview"],
      ["x.example", "/a", "/b"],
      [1, 2, 2],
      ["2026-01-02", "2026-01-02", "2026-01-02"],
      [UNIQUE_CODE.page, UNIQUE_CODE.page, UNIQUE_CODE.listener],
      ["/b", "/b", "7"],
      ["1", "2", "-1"],
    ]);
    // The same visitors again that day: nothing to send; a new one is.
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/b", hex(1));
    buffer.visit("2026-01-02", UNIQUE_CODE.listener, "7", "ffffffffffffffff");
    expect(buffer.size).toBe(0);
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/a", hex(1));
    expect(buffer.size).toBe(1);
    expect(await buffer.flush(db)).toBe(1);
    // The next day, the same visitor hash is another row.
    buffer.visit("2026-01-03", UNIQUE_CODE.page, "/b", hex(1));
    expect(await buffer.flush(db)).toBe(1);
    buffer.visit("2026-01-03", UNIQUE_CODE.page, "/b", hex(1));
    expect(buffer.size).toBe(0);
    // What was written the day before is forgotten: that visitor's page of yesterday is sent today.
    buffer.visit("2026-01-03", UNIQUE_CODE.page, "/a", hex(1));
    expect(buffer.size).toBe(1);
  });

  it("remembers at most maxWritten visitors; beyond, they are sent again", async () => {
    const { db } = recordingDb();
    const buffer = new InsightsBuffer(2);
    for (let i = 0; i < 3; i++) buffer.visit("2026-01-02", UNIQUE_CODE.page, "/", hex(i));
    await buffer.flush(db);
    for (let i = 0; i < 3; i++) buffer.visit("2026-01-02", UNIQUE_CODE.page, "/", hex(i));
    expect(buffer.size).toBe(1);
  });

  it("a failed flush puts its counts and visitors back, added to what came meanwhile", async () => {
    const { db, flushes } = recordingDb();
    const buffer = new InsightsBuffer();
    buffer.count("2026-01-02", "pageview", "/", 3);
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/", hex(9));
    const failing = { execute: () => Promise.reject(new Error("away")) } as unknown as Database;
    await expect(buffer.flush(failing)).rejects.toThrow("away");
    buffer.count("2026-01-02", "pageview", "/");
    buffer.visit("2026-01-02", UNIQUE_CODE.page, "/", hex(8));
    expect(buffer.size).toBe(3);
    await buffer.flush(db);
    expect(flushes[0]?.[3]).toEqual([4]);
    expect(flushes[0]?.[7]).toEqual(["8", "9"]);
  });
});
