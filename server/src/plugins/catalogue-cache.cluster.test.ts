import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueExport, catalogueImport } from "../cli/admin-commands";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { CATALOGUE_CHANNEL, notifyCatalogueChanged } from "../db/notify";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

const genre = (slug: string) => ({
  slug,
  name: slug,
  description: `The ${slug} genre`,
  imageUrl: null,
  colorIndex: 0,
  popularity: null,
  artistCount: null,
  subgenres: [],
  artists: [],
});

/** Waits (in short steps, up to `ms`) until `check` holds; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

const genreSlugs = async (t: TestApp) =>
  (await t.app.inject({ url: "/api/genres" }))
    .json<{ genres: { slug: string }[] }>()
    .genres.map((g) => g.slug);

describe.skipIf(testEngine !== "postgres")("catalogue cache across servers (PostgreSQL)", () => {
  let database: TestDatabase;
  let cli: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two servers and a CLI, each with its own connections to one database.
    const second = await openDatabase(database.config);
    cli = await openDatabase(database.config);
    a = await createTestApp({ database });
    b = await createTestApp({ database: second });
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.close();
    await cli?.close();
    await database?.close();
  });

  it("shows a catalogue import made through the admin CLI's code on every server within 1 s", async () => {
    expect(await genreSlugs(a)).toEqual([]);
    expect(await genreSlugs(b)).toEqual([]);
    const document = await catalogueExport(cli.db);
    document.genres.push(genre("cluster-jazz"));
    await catalogueImport(cli.db, document, { dryRun: false });
    for (const server of [a, b]) {
      await within(1000, async () => (await genreSlugs(server)).includes("cluster-jazz"));
    }
  });

  it("keeps serving its cache for a write that announces nothing (the cache is real)", async () => {
    await cli.db.execute(
      sql`insert into genres (slug, name, description, color_index) values ('silent', 'silent', 'x', 0)`,
    );
    expect(await genreSlugs(b)).not.toContain("silent");
    await notifyCatalogueChanged(cli.db);
    await within(1000, async () => (await genreSlugs(b)).includes("silent"));
  });

  it("tells the other servers when a server clears its own cache (the id resolver's writes)", async () => {
    await cli.db.execute(
      sql`insert into genres (slug, name, description, color_index) values ('resolved', 'resolved', 'x', 0)`,
    );
    expect(await genreSlugs(b)).not.toContain("resolved");
    a.app.catalogueCache.clear();
    await within(1000, async () => (await genreSlugs(b)).includes("resolved"));
  });

  it("listens again after its connection is cut, and drops the cache since it may have missed some", async () => {
    expect(await genreSlugs(b)).toContain("resolved");
    await cli.db.execute(
      sql`insert into genres (slug, name, description, color_index) values ('missed', 'missed', 'x', 0)`,
    );
    expect(await genreSlugs(b)).not.toContain("missed");
    // PostgreSQL restarting looks like this to the listeners: their connections end.
    const admin = new pg.Client({
      connectionString: database.config.kind === "postgres" ? database.config.url : "",
    });
    await admin.connect();
    const cut = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = $1",
      [`LISTEN "${CATALOGUE_CHANNEL}"`],
    );
    await admin.end();
    expect(cut.rowCount).toBe(2);
    await within(3000, async () => (await genreSlugs(b)).includes("missed"));
    // And it hears announcements again.
    await cli.db.execute(
      sql`insert into genres (slug, name, description, color_index) values ('after', 'after', 'x', 0)`,
    );
    expect(await genreSlugs(b)).not.toContain("after");
    await notifyCatalogueChanged(cli.db);
    await within(1000, async () => (await genreSlugs(b)).includes("after"));
  });
});

describe(`catalogue change announcements on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("are accepted where nothing listens (PGlite) and inside a transaction", async () => {
    await notifyCatalogueChanged(database.db);
    await database.db.transaction(async (tx) => notifyCatalogueChanged(tx, "inside"));
  });
});
