import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repeatableFolder } from "../paths";
import { adminQuery, databaseUrl } from "../test/postgres-template";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { type DatabaseHandle, openDatabase } from "./client";
import { hasAllMigrations, migrateDatabase } from "./migrate";
import { readRepeatableFiles, repeatableFile } from "./repeatable-migrations";

const SEARCH_FUNCTIONS = "search-functions.sql";
const fileText = readFileSync(join(repeatableFolder, SEARCH_FUNCTIONS), "utf8");

interface DefinedFunction {
  body: string;
  settings: string[];
}

/** The functions the file defines: each one's body (between `$$`) and its `SET` clauses. */
function functionsOf(text: string): Map<string, DefinedFunction> {
  const defined = new Map<string, DefinedFunction>();
  for (const [, name = "", header = "", body = ""] of text.matchAll(
    /CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)AS \$\$([\s\S]*?)\$\$;/g,
  )) {
    const settings = [...header.matchAll(/^SET (\S+) = (\S+)$/gm)].map(([, key, value]) => `${key}=${value}`);
    defined.set(name, { body, settings: settings.sort() });
  }
  return defined;
}

/** The functions of the public schema that no extension (pg_trgm) made, as the database has them. */
async function functionsIn(db: DatabaseHandle["db"]): Promise<Map<string, DefinedFunction>> {
  const { rows } = (await db.execute(sql`select p.proname as name, p.prosrc as body,
      coalesce(p.proconfig, '{}') as settings
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`)) as unknown as {
    rows: { name: string; body: string; settings: string[] }[];
  };
  return new Map(rows.map((row) => [row.name, { body: row.body, settings: [...row.settings].sort() }]));
}

interface AppliedRecord {
  checksum: string;
  applied_at: string;
}

async function recordOf(
  db: DatabaseHandle["db"],
  name = SEARCH_FUNCTIONS,
): Promise<AppliedRecord | undefined> {
  const { rows } = (await db.execute(
    sql`select checksum, applied_at::text as applied_at from drizzle.repeatable_migrations where name = ${name}`,
  )) as unknown as { rows: AppliedRecord[] };
  return rows[0];
}

/** An empty database on this run's engine: nothing migrated, no template. */
async function emptyDatabase(): Promise<TestDatabase> {
  if (testEngine === "pglite") {
    const config = { kind: "pglite" as const, dataDir: null };
    return { ...(await openDatabase(config)), config };
  }
  const name = `waveform_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const config = { kind: "postgres" as const, url: databaseUrl(name) };
  const inner = await openDatabase(config);
  return {
    ...inner,
    config,
    close: async () => {
      await inner.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

describe(`repeatable migrations (db/repeatable/) on ${testEngine}`, () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await emptyDatabase();
    await migrateDatabase(fresh.db, fresh.config);
  });
  afterAll(() => fresh.close());

  it("a new database ends with the search functions exactly as the file defines them, and its checksum", async () => {
    const defined = functionsOf(fileText);
    expect([...defined.keys()].sort()).toEqual(["search_pages", "search_ranked", "search_suggestion"]);
    expect(await functionsIn(fresh.db)).toEqual(defined);
    expect((await recordOf(fresh.db))?.checksum).toBe(repeatableFile(SEARCH_FUNCTIONS, fileText).checksum);
    expect(await hasAllMigrations(fresh.db)).toBe(true);
  });

  it("does not apply an unchanged file again", async () => {
    const before = await recordOf(fresh.db);
    await migrateDatabase(fresh.db, fresh.config);
    expect(await recordOf(fresh.db)).toEqual(before);
  });

  it("applies the file again when its text changes, and records the new checksum", async () => {
    const changedText = fileText.replace("LIMIT 1);\nEND", "LIMIT 1); -- changed\nEND");
    expect(changedText).not.toBe(fileText);
    const changed = [repeatableFile(SEARCH_FUNCTIONS, changedText)];
    const before = await recordOf(fresh.db);
    expect(await hasAllMigrations(fresh.db, changed)).toBe(false);
    await migrateDatabase(fresh.db, fresh.config, changed);
    expect((await recordOf(fresh.db))?.checksum).toBe(changed[0]?.checksum);
    expect((await recordOf(fresh.db))?.applied_at).not.toBe(before?.applied_at);
    expect((await functionsIn(fresh.db)).get("search_suggestion")?.body).toContain("-- changed");
    // And back, as a start with the committed file does.
    await migrateDatabase(fresh.db, fresh.config);
    expect(await functionsIn(fresh.db)).toEqual(functionsOf(fileText));
  });
});

describe(`a database migrated before repeatable files existed, on ${testEngine}`, () => {
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase();
    // As one that applied migrations 0013-0017 when they held the functions: every migration
    // recorded, the functions there (one of an older body), no record of repeatable files; and, as
    // one last migrated at 0016, the search_page that 0017 dropped.
    await old.db.execute(sql`drop table drizzle.repeatable_migrations`);
    await old.db.execute(sql`create or replace function search_suggestion(compact text) returns text
      language plpgsql stable as $$ begin return null; end $$`);
    await old.db.execute(sql`create function search_page(q text, compact text, inside text[],
      compact_inside text, title_start text, compact_start text, word_start text, ts text, only_kind text,
      page_offset int, page_limit int) returns int language sql as $$ select 1 $$`);
  });
  afterAll(() => old.close());

  it("gets the file's functions and its record at its next start", async () => {
    expect(await hasAllMigrations(old.db)).toBe(false);
    await migrateDatabase(old.db, old.config);
    expect(await functionsIn(old.db)).toEqual(functionsOf(fileText));
    expect((await recordOf(old.db))?.checksum).toBe(readRepeatableFiles()[0]?.checksum);
    expect(await hasAllMigrations(old.db)).toBe(true);
  });
});

describe.runIf(testEngine === "postgres")("servers starting together on one PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database.close());

  it("migrate in turn: every start succeeds, and the database has the file's functions and one record", async () => {
    const starts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const handle = await openDatabase(database.config);
        try {
          await migrateDatabase(handle.db, database.config);
        } finally {
          await handle.close();
        }
      }),
    );
    expect(starts).toHaveLength(4);
    expect(await functionsIn(database.db)).toEqual(functionsOf(fileText));
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.repeatable_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(1);
  });
});
