import { randomBytes } from "node:crypto";
import type {
  PlaylistCreate,
  PlaylistFields,
  PlaylistTrackInput,
} from "@waveform/contracts/console-playlists";
import { serviceSearchUrl } from "@waveform/contracts/listening-services";
import { recognisePlaylistAddress, UNRECOGNISED_ADDRESS } from "@waveform/contracts/playlist-addresses";
import { and, asc, eq, gt, min } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { genres, playlists, playlistTracks } from "../../db/schema";
import { type Actor, recordChange } from "../audit/index";
// The lock, the reindex and NOTIFY every catalogue write shares (decision 0018).
import { inCatalogueWrite } from "../catalogue-writes/index";

/**
 * The one write path for playlists: the console's API, the CLI and any later code call these.
 * Each write is one transaction that changes the rows, rebuilds the catalogue's search documents,
 * records the audit entry and sends NOTIFY catalogue_changed (delivered at commit, to every
 * server). The caller in a server then clears its own cache (decision 0018).
 */

/** A write refused for a reason the curator can fix: the field it concerns and what to do. */
export class PlaylistWriteError extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "PlaylistWriteError";
  }
}

const notFound = () => new PlaylistWriteError(404, "Playlist not found");
const fieldError = (path: string, message: string) =>
  new PlaylistWriteError(400, "Please check the highlighted fields", [{ path, message }]);

const today = () => new Date().toISOString().slice(0, 10);

type Row = typeof playlists.$inferSelect;
type TrackRow = Omit<typeof playlistTracks.$inferSelect, "playlistId">;

/** What the audit trail keeps of a playlist: its row, and its tracks when they are what changed. */
function snapshot(row: Row, tracks?: TrackRow[]) {
  const { createdAt: _createdAt, ...fields } = row;
  return tracks
    ? { ...fields, tracks: tracks.map((t) => `${t.position}. ${t.artist} – ${t.title}`) }
    : fields;
}

async function lockRow(tx: Transaction, id: number): Promise<Row> {
  const [row] = await tx.select().from(playlists).where(eq(playlists.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

async function tracksOf(tx: Transaction, id: number): Promise<TrackRow[]> {
  return tx
    .select({
      position: playlistTracks.position,
      title: playlistTracks.title,
      artist: playlistTracks.artist,
      durationSeconds: playlistTracks.durationSeconds,
      spotifyUri: playlistTracks.spotifyUri,
    })
    .from(playlistTracks)
    .where(eq(playlistTracks.playlistId, id))
    .orderBy(asc(playlistTracks.position));
}

/** The columns the form's fields decide: the address picks the platform, id and link. */
async function columnsOf(tx: Transaction, fields: PlaylistFields) {
  const [genre] = await tx.select({ id: genres.id }).from(genres).where(eq(genres.id, fields.genreId));
  if (!genre) throw fieldError("genreId", "Choose a genre from the list");
  const address = fields.platformAddress.trim();
  const recognised = address ? recognisePlaylistAddress(address) : null;
  if (address && !recognised) throw fieldError("platformAddress", UNRECOGNISED_ADDRESS);
  const platform = recognised?.platform ?? fields.platform;
  return {
    title: fields.title,
    description: fields.description,
    genreId: fields.genreId,
    curator: fields.curator,
    imageUrl: fields.imageUrl || null,
    featured: fields.featured,
    platform,
    platformId: recognised?.platformId ?? null,
    // Without the platform's own address, the site links to the platform's search (as the seed does).
    externalUrl: recognised?.externalUrl ?? serviceSearchUrl(platform, fields.title),
    updatedOn: today(),
  };
}

async function writeTracks(tx: Transaction, id: number, tracks: Omit<TrackRow, "position">[]) {
  await tx.delete(playlistTracks).where(eq(playlistTracks.playlistId, id));
  if (tracks.length === 0) return;
  await tx
    .insert(playlistTracks)
    .values(tracks.map((track, index) => ({ ...track, playlistId: id, position: index + 1 })));
}

const slugFor = (title: string) => {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  // The suffix keeps two playlists of the same title apart; the slug never changes afterwards.
  return `${words || "playlist"}-${randomBytes(3).toString("hex")}`;
};

/** A new playlist, always a draft (published = false), first in the site's order once published. */
export async function createPlaylist(db: Database, actor: Actor, input: PlaylistCreate): Promise<number> {
  return inCatalogueWrite(db, async (tx) => {
    const columns = await columnsOf(tx, input);
    const [first] = await tx.select({ order: min(playlists.sortOrder) }).from(playlists);
    const [row] = await tx
      .insert(playlists)
      .values({
        ...columns,
        slug: slugFor(input.title),
        published: false,
        isNew: true,
        publishedOn: columns.updatedOn,
        sortOrder: (first?.order ?? 0) - 1,
      })
      .returning();
    if (!row) throw new Error("the new playlist was not written");
    await writeTracks(tx, row.id, input.tracks);
    const after = snapshot(row, await tracksOf(tx, row.id));
    await recordChange(tx, { actor, entity: "playlist", entityId: row.id, action: "create", after });
    return row.id;
  });
}

/** Changes the texts, genre, cover, platform, curator and featured flag. */
export async function updatePlaylist(db: Database, actor: Actor, id: number, fields: PlaylistFields) {
  await inCatalogueWrite(db, async (tx) => {
    const before = await lockRow(tx, id);
    const [after] = await tx
      .update(playlists)
      .set(await columnsOf(tx, fields))
      .where(eq(playlists.id, id))
      .returning();
    await recordChange(tx, {
      actor,
      entity: "playlist",
      entityId: id,
      action: "update",
      before: snapshot(before),
      after: after && snapshot(after),
    });
  });
}

/** Publishing shows it on the public site at once (and dates it); unpublishing hides it again. */
export async function setPublished(db: Database, actor: Actor, id: number, published: boolean) {
  await inCatalogueWrite(db, async (tx) => {
    const before = await lockRow(tx, id);
    const dated = published && !before.published ? { publishedOn: today(), updatedOn: today() } : {};
    const [after] = await tx
      .update(playlists)
      .set({ published, ...dated })
      .where(eq(playlists.id, id))
      .returning();
    await recordChange(tx, {
      actor,
      entity: "playlist",
      entityId: id,
      action: published ? "publish" : "unpublish",
      before: snapshot(before),
      after: after && snapshot(after),
    });
  });
}

/** Deletes it with its tracks; the audit entry keeps what it was. */
export async function deletePlaylist(db: Database, actor: Actor, id: number) {
  await inCatalogueWrite(db, async (tx) => {
    const before = snapshot(await lockRow(tx, id), await tracksOf(tx, id));
    await tx.delete(playlists).where(eq(playlists.id, id));
    await recordChange(tx, { actor, entity: "playlist", entityId: id, action: "delete", before });
  });
}

/** Runs a change of the track list, dating the playlist and recording the list before and after. */
async function changeTracks(
  db: Database,
  actor: Actor,
  id: number,
  action: string,
  change: (tx: Transaction, tracks: TrackRow[]) => Promise<void>,
) {
  await inCatalogueWrite(db, async (tx) => {
    const row = await lockRow(tx, id);
    const before = await tracksOf(tx, id);
    await change(tx, before);
    const [after] = await tx
      .update(playlists)
      .set({ updatedOn: today() })
      .where(eq(playlists.id, id))
      .returning();
    await recordChange(tx, {
      actor,
      entity: "playlist",
      entityId: id,
      action,
      before: snapshot(row, before),
      after: after && snapshot(after, await tracksOf(tx, id)),
    });
  });
}

export async function addTrack(db: Database, actor: Actor, id: number, track: PlaylistTrackInput) {
  await changeTracks(db, actor, id, "add-track", async (tx, tracks) => {
    if (tracks.length >= 300) throw fieldError("title", "A playlist holds at most 300 tracks");
    await tx.insert(playlistTracks).values({ ...track, playlistId: id, position: tracks.length + 1 });
  });
}

/** Removes the track at `position`; the ones after it move up, so positions stay 1…n. */
export async function removeTrack(db: Database, actor: Actor, id: number, position: number) {
  await changeTracks(db, actor, id, "remove-track", async (tx, tracks) => {
    if (!tracks.some((track) => track.position === position)) {
      throw new PlaylistWriteError(404, `This playlist has no track at position ${position}`);
    }
    await tx
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, id), eq(playlistTracks.position, position)));
    const after = tracks.filter((track) => track.position > position);
    if (after.length === 0) return;
    await tx
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, id), gt(playlistTracks.position, position)));
    await tx
      .insert(playlistTracks)
      .values(after.map(({ position: at, ...track }) => ({ ...track, playlistId: id, position: at - 1 })));
  });
}

/**
 * Puts the tracks in a new order: `order` lists every current position once, in the order wanted.
 * The positions are rewritten in this one transaction (never a half-sorted list).
 */
export async function reorderTracks(db: Database, actor: Actor, id: number, order: number[]) {
  await changeTracks(db, actor, id, "reorder-tracks", async (tx, tracks) => {
    const byPosition = new Map(tracks.map((track) => [track.position, track]));
    const complete = order.length === tracks.length && new Set(order).size === order.length;
    if (!complete || !order.every((position) => byPosition.has(position))) {
      throw fieldError("order", "The track list changed meanwhile: reload the playlist and try again");
    }
    await writeTracks(
      tx,
      id,
      order.map((position) => {
        const { position: _old, ...track } = byPosition.get(position) as TrackRow;
        return track;
      }),
    );
  });
}
