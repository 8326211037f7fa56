import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDataDir, testEngine } from "../../test/test-database";
import { pgliteExtensions } from "../pglite-extensions";
import { preparedQueries } from "./prepared-queries";

// PGlite only: the worker thread runs PGlite.
describe.skipIf(testEngine === "postgres")("statements parsed once (the PGlite thread's queries)", () => {
  let folder: string;
  let db: PGlite;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "waveform-prepared-"));
    await (await createTestDataDir(join(folder, "data"))).close();
    db = new PGlite(join(folder, "data"), { extensions: pgliteExtensions });
    await db.waitReady;
    await db.exec(`create table kept_test (id int primary key, name text not null, tags text[], doc json);
      create table kept_copy (id int primary key, name text not null, tags text[], doc json)`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("answers as PGlite's query does: rows, fields, counts, row mode, parsers, parameters of each type", async () => {
    const prepared = preparedQueries(db);
    const insert = "insert into kept_test (id, name, tags, doc) values ($1, $2, $3, $4)";
    for (const params of [
      [1, "Heartbeats", ["a", 'b "c"'], { x: 1 }],
      [2, "Beyoncé", null, null],
    ]) {
      const ours = await prepared.query(insert, params);
      expect(ours).toEqual(await db.query(insert.replace("kept_test", "kept_copy"), params));
      expect(ours).toMatchObject({ affectedRows: 1 });
    }
    const select = (table: string) =>
      `select id, name, tags, doc, $1::int + 1 as next, $2::text as echo from ${table} where id <= $1 order by id`;
    for (const options of [
      {},
      { rowMode: "array" as const },
      { parsers: { 23: (value: string) => value } },
    ]) {
      const ours = await prepared.query(select("kept_test"), [2, "ok"], options);
      expect(ours).toEqual(await db.query(select("kept_copy"), [2, "ok"], options));
      expect(ours).toMatchObject({ rows: { length: 2 } });
    }
    expect(prepared.size).toBe(2);
    // Each run planned for its values, as PGlite's unnamed statements are.
    expect(await prepared.query("select current_setting('plan_cache_mode') as mode")).toMatchObject({
      rows: [{ mode: "force_custom_plan" }],
    });
  });

  it("throws the database's error, with its code, and runs on after it", async () => {
    const prepared = preparedQueries(db);
    await expect(
      prepared.query("insert into kept_test (id, name) values ($1, $2)", [1, "again"]),
    ).rejects.toMatchObject({
      code: "23505",
    });
    await expect(prepared.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect(await prepared.query("select count(*)::int as n from kept_test")).toMatchObject({
      rows: [{ n: 2 }],
    });
  });

  it("parses a statement again when its table changed shape, and keeps at most the statements it is given", async () => {
    const countKept = async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]?.n ??
      0;
    const before = await countKept();
    const prepared = preparedQueries(db, 2);
    await prepared.query("create table shape_test (a int)");
    await prepared.query("insert into shape_test values (1)");
    expect(await prepared.query("select * from shape_test")).toMatchObject({ rows: [{ a: 1 }] });
    await prepared.query("alter table shape_test add column b int default 2");
    expect(await prepared.query("select * from shape_test")).toMatchObject({ rows: [{ a: 1, b: 2 }] });
    expect(prepared.size).toBe(2);
    // The statements closed to make room are parsed again when run again.
    expect(await prepared.query("insert into shape_test values (3)")).toMatchObject({ affectedRows: 1 });
    expect(await prepared.query("select count(*)::int as n from shape_test")).toMatchObject({
      rows: [{ n: 2 }],
    });
    // Closed on the database too (the last one closed goes out with the next statement parsed).
    expect(await countKept()).toBeLessThanOrEqual(before + 2 + 1);
  });
});
