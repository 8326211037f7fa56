import type { PlaylistCreate } from "@waveform/contracts/console-playlists";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, genres, searchDocuments } from "../../db/schema";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import type { Actor } from "../audit/index";
import { createPlaylistsRepository } from "./playlists.repository";
import {
  addTrack,
  createPlaylist,
  deletePlaylist,
  PlaylistWriteError,
  removeTrack,
  reorderTracks,
  setPublished,
  updatePlaylist,
} from "./playlists.writes";
import { createConsolePlaylistsRepository } from "./playlists-console.repository";

const actor: Actor = { kind: "cli" };
const track = (n: number) => ({
  title: `Song ${n}`,
  artist: `Band ${n}`,
  durationSeconds: 180 + n,
  spotifyUri: null,
});

describe(`playlist writes on ${testEngine}`, () => {
  let db: TestDatabase;
  let input: PlaylistCreate;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
    const [genre] = await db.db.select({ id: genres.id }).from(genres).orderBy(genres.id).limit(1);
    input = {
      title: "Quartzlight Sessions",
      description: "Slow songs for late trains",
      genreId: genre?.id ?? 1,
      curator: "Ada",
      platform: "Apple Music",
      platformAddress: "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=x",
      imageUrl: null,
      featured: true,
      tracks: [track(1), track(2), track(3)],
    };
  });
  afterAll(() => db.close());

  const publicList = () => createPlaylistsRepository(db.db).list();
  const consoleOne = (id: number) => createConsolePlaylistsRepository(db.db).byId(id);
  const indexed = async (key: string) =>
    (
      await db.db
        .select()
        .from(searchDocuments)
        .where(and(eq(searchDocuments.kind, "playlist"), eq(searchDocuments.key, key)))
    ).length > 0;
  const auditOf = (id: number) =>
    db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(auditLog.id);

  it("creates a draft that no public read, search or feature list shows", async () => {
    const started = performance.now();
    const id = await createPlaylist(db.db, actor, input);
    // The whole-catalogue reindex in the transaction: seed-sized, it is a few tens of ms.
    console.info(`create with reindex on ${testEngine}: ${Math.round(performance.now() - started)} ms`);
    const draft = await consoleOne(id);
    expect(draft).toMatchObject({ published: false, featured: true, platform: "Spotify" });
    expect(draft?.platformId).toBe("37i9dQZF1DXcBWIGoYBM5M");
    expect(draft?.externalUrl).toBe("https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M");
    expect(draft?.tracks.map((t) => t.position)).toEqual([1, 2, 3]);
    expect((await publicList()).some((p) => p.id === id)).toBe(false);
    expect((await createPlaylistsRepository(db.db).featured()).some((p) => p.id === id)).toBe(false);
    expect(await createPlaylistsRepository(db.db).byId(id)).toBeNull();
    expect(await indexed(String(id))).toBe(false);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ entity: "playlist", action: "create", actorKind: "cli", before: null });
  });

  it("publishes: the public reads and the search index have it, dated today", async () => {
    const id = await createPlaylist(db.db, actor, { ...input, title: "Published Later" });
    await setPublished(db.db, actor, id, true);
    const listed = (await publicList()).find((p) => p.id === id);
    expect(listed).toMatchObject({ title: "Published Later", trackCount: 3 });
    expect(listed?.publishedDate).toBe(new Date().toISOString().slice(0, 10));
    expect(await indexed(String(id))).toBe(true);
    await setPublished(db.db, actor, id, false);
    expect((await publicList()).some((p) => p.id === id)).toBe(false);
    expect(await indexed(String(id))).toBe(false);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(["create", "publish", "unpublish"]);
  });

  it("updates the fields; an address it cannot read is a field error and nothing changes", async () => {
    const id = await createPlaylist(db.db, actor, input);
    await updatePlaylist(db.db, actor, id, {
      ...input,
      title: "Renamed",
      platformAddress: "",
      platform: "Apple Music",
    });
    const renamed = await consoleOne(id);
    expect(renamed).toMatchObject({
      title: "Renamed",
      platform: "Apple Music",
      platformId: null,
      platformAddress: "",
    });
    expect(renamed?.externalUrl).toMatch(/^https:\/\/music\.apple\.com\/us\/search\?term=Renamed/);
    const refused = updatePlaylist(db.db, actor, id, {
      ...input,
      title: "Never",
      platformAddress: "https://example.com/x",
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 400, issues: [{ path: "platformAddress" }] });
    expect((await consoleOne(id))?.title).toBe("Renamed");
    const [update] = (await auditOf(id)).filter((e) => e.action === "update");
    expect(update?.before).toMatchObject({ title: "Quartzlight Sessions" });
    expect(update?.after).toMatchObject({ title: "Renamed" });
    await expect(updatePlaylist(db.db, actor, 999_999, input)).rejects.toMatchObject({ statusCode: 404 });
    await expect(updatePlaylist(db.db, actor, id, { ...input, genreId: 999_999 })).rejects.toMatchObject({
      issues: [{ path: "genreId" }],
    });
  });

  it("adds, removes (renumbering) and reorders tracks in one transaction each", async () => {
    const id = await createPlaylist(db.db, actor, input);
    await addTrack(db.db, actor, id, track(4));
    await removeTrack(db.db, actor, id, 2);
    const titles = async () => (await consoleOne(id))?.tracks.map((t) => `${t.position}:${t.title}`);
    expect(await titles()).toEqual(["1:Song 1", "2:Song 3", "3:Song 4"]);
    await reorderTracks(db.db, actor, id, [3, 1, 2]);
    expect(await titles()).toEqual(["1:Song 4", "2:Song 1", "3:Song 3"]);
    for (const order of [[1, 2], [1, 1, 2], [1, 2, 4], []]) {
      const error = await reorderTracks(db.db, actor, id, order).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlaylistWriteError);
      expect(error).toMatchObject({ statusCode: 400, issues: [{ path: "order" }] });
    }
    expect(await titles()).toEqual(["1:Song 4", "2:Song 1", "3:Song 3"]);
    await expect(removeTrack(db.db, actor, id, 9)).rejects.toMatchObject({ statusCode: 404 });
    const reorder = (await auditOf(id)).find((e) => e.action === "reorder-tracks");
    expect(reorder?.after).toMatchObject({
      tracks: ["1. Band 4 – Song 4", "2. Band 1 – Song 1", "3. Band 3 – Song 3"],
    });
  });

  it("deletes with its tracks; the audit entry keeps what it was", async () => {
    const id = await createPlaylist(db.db, actor, input);
    await setPublished(db.db, actor, id, true);
    await deletePlaylist(db.db, actor, id);
    expect(await consoleOne(id)).toBeNull();
    expect(await indexed(String(id))).toBe(false);
    const removed = (await auditOf(id)).at(-1);
    expect(removed).toMatchObject({ action: "delete", after: null });
    expect(removed?.before).toMatchObject({ title: "Quartzlight Sessions", tracks: expect.any(Array) });
    await expect(deletePlaylist(db.db, actor, id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("lists drafts and published ones in the console, searched and paged in the database", async () => {
    const repo = createConsolePlaylistsRepository(db.db);
    const page = await repo.list({ q: "quartzlight", page: 2, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.rows).toHaveLength(1);
    expect(page.rows.every((row) => /quartzlight/i.test(row.title))).toBe(true);
    expect(page.rows[0]).toMatchObject({ published: false, trackCount: expect.any(Number) });
    expect((await repo.list({ q: "100%_\\", page: 1, limit: 10 })).total).toBe(0);
    const all = await repo.list({ page: 1, limit: 50 });
    expect(all.total).toBeGreaterThan(30);
  });
});
