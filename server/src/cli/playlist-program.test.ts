import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema";
import { playlistWrites } from "../modules/playlists/index";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { playlistsList, playlistsSetPublished } from "./playlist-program";

describe(`playlist commands on ${testEngine}`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
  });
  afterAll(() => db.close());

  it("lists drafts, and publishes one through the console's write path, audited as the CLI", async () => {
    const id = await playlistWrites.createPlaylist(
      db.db,
      { kind: "cli" },
      {
        title: "Harbour Draft",
        description: "d",
        genreId: 1,
        curator: "CLI",
        platform: "Spotify",
        platformAddress: "",
        imageUrl: null,
        featured: false,
        tracks: [],
      },
    );
    expect(await playlistsList(db.db, "harbour")).toEqual([
      { id, title: "Harbour Draft", status: "draft", featured: false, tracks: 0 },
    ]);
    await playlistsSetPublished(db.db, id, true);
    expect((await playlistsList(db.db, "harbour"))[0]?.status).toBe("published");
    const entries = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries.map((e) => [e.action, e.actorLabel])).toEqual([
      ["create", "cli"],
      ["publish", "cli"],
    ]);
    await expect(playlistsSetPublished(db.db, 999_999, true)).rejects.toThrow("Playlist not found");
  });
});
