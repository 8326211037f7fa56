import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getSearch, type SearchKind } from "@waveform/contracts/search";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueExport, catalogueImport } from "../../cli/admin-commands";
import { podcastsAdd, podcastsRefresh } from "../../cli/podcast-commands";
import type { Database, DatabaseHandle } from "../../db/client";
import { mergeGinPendingLists } from "../../db/gin-pending-lists";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createThreadedPglite, testEngine } from "../../test/test-database";
import { createConsolePodcastsRepository } from "../podcasts/index";
import { rowsOf, type SearchDocument } from "./search-document";
import { ensureSearchIndex, reindexCatalogue, replaceSource, syncEditorialDocuments } from "./search-index";

const feed = (title: string, episodes: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>${title}</title><link>https://podcasts.waveform.test/</link>
<description>Percussion, one instrument an episode.</description><itunes:author>Rosa Timbre</itunes:author>
${episodes
  .map(
    (episode, index) => `<item><title>${episode}</title><guid>${episode}</guid>
<pubDate>Mon, 0${index + 1} Jun 2026 08:00:00 GMT</pubDate><description>About ${episode}.</description>
<enclosure url="https://podcasts.waveform.test/${index}.mp3" length="1000" type="audio/mpeg"/></item>`,
  )
  .join("\n")}
</channel></rss>`;

/** 6,001 documents (two statements of 5,000 rows), titled `prefix` and a number. */
const bisons = (prefix = "Batch Bison"): SearchDocument[] =>
  Array.from({ length: 6001 }, (_, i) => ({
    kind: "playlist",
    key: `bison-${i}`,
    title: `${prefix} ${i}`,
    subtitle: "Playlist",
    image: null,
    href: "/playlists",
    fields: [],
  }));

/**
 * replaceSource's batches (search-index.ts: each is normalised while the one before is written):
 * written whole, and a rewrite whose first or last batch fails (a NUL, which no text column holds)
 * fails whole, leaving the rows it was to replace.
 */
async function checkBatchedWrites(db: Database): Promise<void> {
  const stored = async () =>
    rowsOf<{ n: number; rewritten: number }>(
      await db.execute(sql`select count(*)::int as n,
        (count(*) filter (where title like 'Rewritten%'))::int as rewritten
        from search_documents where source = 'test:batches'`),
    )[0];
  await db.transaction((tx) => replaceSource(tx, "test:batches", bisons(), false));
  expect(await stored()).toEqual({ n: 6001, rewritten: 0 });
  for (const broken of [10, 5500]) {
    const docs = bisons("Rewritten Bison");
    docs[broken] = { ...(docs[broken] as SearchDocument), title: "Broken \u0000 Bison" };
    await expect(
      db.transaction((tx) => replaceSource(tx, "test:batches", docs, false)),
    ).rejects.toMatchObject({ cause: { code: "22P05" } });
    expect(await stored()).toEqual({ n: 6001, rewritten: 0 });
  }
  await db.transaction((tx) => replaceSource(tx, "test:batches", []));
  expect(await stored()).toEqual({ n: 0, rewritten: 0 });
}

describe.skipIf(testEngine !== "pglite")("the search index written from PGlite's own thread", () => {
  let database: DatabaseHandle;
  // As the server runs it: there the database works while this thread makes the next batch.
  beforeAll(async () => {
    database = await createThreadedPglite();
  });
  afterAll(() => database.close());

  it("writes every batch, and a rewrite whose first or last batch fails leaves the rows as they were", async () => {
    await checkBatchedWrites(database.db);
  });
});

describe(`the search index follows every write on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  /** Titles found for `q` in `type`, read through the API after the writer's commit. */
  async function titles(q: string, type: SearchKind): Promise<string[]> {
    t.app.catalogueCache.clear();
    const response = await t.app.inject({ url: "/api/search", query: { q, type } });
    const answer = getSearch.responses[200].parse(response.json());
    return answer.groups.flatMap((g) => g.results.map((r) => r.title));
  }

  it("a catalogue import through the admin CLI adds, changes and removes playlists' tracks", async () => {
    const document = await catalogueExport(t.database.db);
    const base = document.playlists[0];
    if (!base) throw new Error("the seed has playlists");
    const playlist = {
      ...base,
      slug: "marmalade-midnight",
      title: "Marmalade Midnight",
      tracks: [{ title: "Zyzzyva Nocturne", artist: "Orla Quenby", durationSeconds: 200, spotifyUri: null }],
    };
    document.playlists.push(playlist);
    await catalogueImport(t.database.db, JSON.stringify(document), { dryRun: false });
    expect(await titles("marmalade", "playlist")).toEqual(["Marmalade Midnight"]);
    expect(await titles("zyzzyva", "track")).toEqual(["Zyzzyva Nocturne"]);
    expect(await titles("orla quenby", "track")).toEqual(["Zyzzyva Nocturne"]);

    playlist.title = "Quince Midnight";
    playlist.tracks = [
      { title: "Quokka Lullaby", artist: "Orla Quenby", durationSeconds: 180, spotifyUri: null },
    ];
    await catalogueImport(t.database.db, JSON.stringify(document), { dryRun: false });
    expect(await titles("zyzzyva", "track")).toEqual([]);
    expect(await titles("quokka", "track")).toEqual(["Quokka Lullaby"]);
    expect(await titles("marmalade", "playlist")).toEqual([]);
    expect(await titles("quince", "playlist")).toEqual(["Quince Midnight"]);
  });

  it("every write leaves the GIN indexes with nothing pending, so searches do not read through lists", async () => {
    const { db } = t.database;
    // The seed's write and a start (the test app's) merged theirs.
    expect(await mergeGinPendingLists(db, "search_documents")).toBe(0);
    const document = await catalogueExport(db);
    const playlist = document.playlists[0];
    if (!playlist) throw new Error("the seed has playlists");
    playlist.title = "Pending Pelican Parade";
    await catalogueImport(db, JSON.stringify(document), { dryRun: false });
    expect(await mergeGinPendingLists(db, "search_documents")).toBe(0);

    const file = join(mkdtempSync(join(tmpdir(), "search-feed-")), "pending.xml");
    writeFileSync(file, feed("Pending Pelican Hour", ["A Long Pelican Story"]));
    expect((await podcastsAdd(db, file, { slug: "pending-pelican-hour" })).status).toBe("added");
    expect(await mergeGinPendingLists(db, "search_documents")).toBe(0);
    expect(await mergeGinPendingLists(db, "podcasts")).toBe(0);
    // Featuring a show moves its row (the listing-order index), so its GIN entries are new too.
    const [show] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from podcasts where slug = 'pending-pelican-hour'`),
    );
    await createConsolePodcastsRepository(db).setFlags({ kind: "cli" }, show?.id ?? 0, { isFeatured: true });
    expect(await mergeGinPendingLists(db, "podcasts")).toBe(0);
  });

  it("a write whose first or last batch fails fails whole and leaves the index as it was", async () => {
    await checkBatchedWrites(t.database.db);
    // Written whole, the rows are found through the API.
    await t.database.db.transaction((tx) => replaceSource(tx, "test:batches", bisons(), false));
    t.app.catalogueCache.clear();
    const response = await t.app.inject({
      url: "/api/search",
      query: { q: "batch bison", type: "playlist" },
    });
    expect(getSearch.responses[200].parse(response.json()).groups[0]?.count).toBe(6001);
    await t.database.db.transaction((tx) => replaceSource(tx, "test:batches", []));
    expect(await titles("batch bison", "playlist")).toEqual([]);
  });

  it("a dry run leaves the index as it was", async () => {
    const document = await catalogueExport(t.database.db);
    const genre = document.genres[0];
    if (genre) genre.name = "Wombat Wave";
    await catalogueImport(t.database.db, JSON.stringify(document), { dryRun: true });
    expect(await titles("wombat", "genre")).toEqual([]);
  });

  it("adding and refreshing a feed through the podcasts CLI indexes the show and its episodes", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "search-feed-")), "percussion.xml");
    writeFileSync(file, feed("Xylophone Hour", ["Glockenspiel Secrets"]));
    const added = await podcastsAdd(t.database.db, file, { slug: "percussion-hour" });
    expect(added.status).toBe("added");
    expect(await titles("xylophone", "podcast")).toEqual(["Xylophone Hour"]);
    expect(await titles("glockenspiel", "episode")).toEqual(["Glockenspiel Secrets"]);

    writeFileSync(file, feed("Vibraphone Hour", ["Marimba Mornings", "Glockenspiel Secrets"]));
    const refreshed = await podcastsRefresh(t.database.db, ["percussion-hour"], {});
    expect(refreshed.updated).toBe(1);
    expect(await titles("marimba", "episode")).toEqual(["Marimba Mornings"]);
    expect(await titles("xylophone", "podcast")).toEqual([]);
    expect(await titles("vibraphone", "podcast")).toEqual(["Vibraphone Hour"]);
    const episode = await t.app.inject({ url: "/api/search?q=marimba&type=episode" });
    const href = getSearch.responses[200].parse(episode.json()).groups[0]?.results[0]?.href ?? "";
    expect(href).toMatch(/^\/podcasts\/percussion-hour\/\d+$/);
    expect(
      (await t.app.inject({ url: `/api/podcasts/shows/percussion-hour/episodes/${href.split("/").at(-1)}` }))
        .statusCode,
    ).toBe(200);
  });

  it("a large rewrite drops the indexes and builds them again exactly as the migrations made them", async () => {
    const { db } = t.database;
    const indexes = async () =>
      (
        (await db.execute(sql`select indexname, indexdef from pg_indexes
          where tablename in ('search_documents', 'search_prefix_lists') order by indexname`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const sizes = async () =>
      (
        (await db.execute(sql`select (select count(*) from search_documents)::int as documents,
          (select count(*) from search_prefix_lists)::int as lists,
          (select sum(n) from search_prefix_lists)::int as counted`)) as unknown as {
          rows: Array<{ documents: number; lists: number; counted: number }>;
        }
      ).rows[0];
    const before = await indexes();
    const sized = await sizes();
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(sized?.counted).toBeGreaterThan(sized?.documents ?? 0);
    await db.transaction((tx) => reindexCatalogue(tx, { bulk: true }));
    expect(await indexes()).toEqual(before);
    expect(await sizes()).toEqual(sized);
    expect(await titles("jazz", "genre")).toContain("Jazz");
    expect(await titles("j", "genre")).toContain("Jazz");
  });

  it("a database from before the index is indexed on start", async () => {
    await t.database.db.execute(sql`delete from search_documents`);
    expect(await titles("jazz", "genre")).toEqual([]);
    await ensureSearchIndex(t.database.db);
    expect(await titles("jazz", "genre")).toContain("Jazz");
    expect(await titles("green room", "podcast")).toEqual(["The Green Room Sessions"]);
    expect(await titles("hoodie", "merchandise")).toEqual(["Midnight Owls Tour Hoodie"]);
  });
  it("a start rewrites the editorial rows only when they differ from the site's own data", async () => {
    const db = t.database.db;
    // The row versions (xmin) change when a row is written again.
    const versions = async () =>
      (
        (await db.execute(
          sql`select key, xmin::text as version from search_documents where source = 'editorial' order by key`,
        )) as unknown as { rows: Array<{ key: string; version: string }> }
      ).rows;
    await syncEditorialDocuments(db);
    const before = await versions();
    expect(before.length).toBeGreaterThan(0);
    await syncEditorialDocuments(db);
    expect(await versions()).toEqual(before);

    await db.execute(sql`update search_documents set title = 'Stale Hoodie', title_norm = 'stale hoodie'
      where source = 'editorial' and kind = 'merchandise' and title = 'Midnight Owls Tour Hoodie'`);
    expect(await titles("stale hoodie", "merchandise")).toEqual(["Stale Hoodie"]);
    await syncEditorialDocuments(db);
    expect(await titles("stale hoodie", "merchandise")).toEqual([]);
    expect(await titles("hoodie", "merchandise")).toEqual(["Midnight Owls Tour Hoodie"]);
  });
});
