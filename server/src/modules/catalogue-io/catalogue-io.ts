import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  advertisements,
  genreArtists,
  genres,
  playlists,
  playlistTracks,
  releases,
  subgenres,
} from "../../db/schema";
import { reindexCatalogue } from "../search/index";
import type { CatalogueFile } from "./catalogue-file";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ImportSummary {
  genres: number;
  playlists: number;
  tracks: number;
  releases: number;
  advertisements: number;
}

class DryRunRollback extends Error {}

async function writeGenres(tx: Tx, file: CatalogueFile): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sortOrder, { subgenres: subs, artists, ...genre }] of file.genres.entries()) {
    const values = { ...genre, sortOrder, updatedAt: new Date() };
    const [row] = await tx
      .insert(genres)
      .values(values)
      .onConflictDoUpdate({ target: genres.slug, set: values })
      .returning({ id: genres.id });
    if (!row) throw new Error(`could not write genre ${genre.slug}`);
    ids.set(genre.slug, row.id);
    for (const [order, sub] of subs.entries()) {
      const subValues = { ...sub, genreId: row.id, sortOrder: order };
      await tx
        .insert(subgenres)
        .values(subValues)
        .onConflictDoUpdate({ target: [subgenres.genreId, subgenres.name], set: subValues });
    }
    for (const [order, artist] of artists.entries()) {
      const artistValues = { ...artist, genreId: row.id, sortOrder: order };
      await tx
        .insert(genreArtists)
        .values(artistValues)
        .onConflictDoUpdate({ target: genreArtists.slug, set: artistValues });
    }
  }
  return ids;
}

async function writePlaylists(tx: Tx, file: CatalogueFile, genreIds: Map<string, number>): Promise<number> {
  let trackCount = 0;
  for (const [sortOrder, { tracks, genre, ...playlist }] of file.playlists.entries()) {
    const genreId =
      genreIds.get(genre) ??
      (await tx.select({ id: genres.id }).from(genres).where(eq(genres.slug, genre)))[0]?.id;
    if (!genreId) throw new Error(`playlist ${playlist.slug}: no genre with slug "${genre}"`);
    const values = { ...playlist, genreId, sortOrder };
    const [row] = await tx
      .insert(playlists)
      .values(values)
      .onConflictDoUpdate({ target: playlists.slug, set: values })
      .returning({ id: playlists.id });
    if (!row) throw new Error(`could not write playlist ${playlist.slug}`);
    await tx.delete(playlistTracks).where(eq(playlistTracks.playlistId, row.id));
    if (tracks.length > 0) {
      await tx
        .insert(playlistTracks)
        .values(tracks.map((track, index) => ({ ...track, position: index + 1, playlistId: row.id })));
    }
    trackCount += tracks.length;
  }
  return trackCount;
}

/**
 * Writes a catalogue document in one transaction: items are upserted by slug (ids stay stable),
 * a playlist's tracks are replaced, and items missing from the document are left alone. With
 * `dryRun` everything is written and then rolled back, so the database's own checks run too.
 */
export async function importCatalogue(
  db: Database,
  file: CatalogueFile,
  options: { dryRun?: boolean; onProgress?: (step: string) => void } = {},
): Promise<ImportSummary> {
  const progress = options.onProgress ?? (() => {});
  let summary: ImportSummary | undefined;
  try {
    await db.transaction(async (tx) => {
      progress(`genres: ${file.genres.length}`);
      const genreIds = await writeGenres(tx, file);
      progress(`playlists: ${file.playlists.length}`);
      const tracks = await writePlaylists(tx, file, genreIds);
      progress(`releases: ${file.releases.length}`);
      for (const release of file.releases) {
        await tx.insert(releases).values(release).onConflictDoUpdate({ target: releases.slug, set: release });
      }
      progress(`advertisements: ${file.advertisements.length}`);
      for (const ad of file.advertisements) {
        const values = {
          ...ad,
          startsAt: ad.startsAt ? new Date(ad.startsAt) : null,
          endsAt: ad.endsAt ? new Date(ad.endsAt) : null,
        };
        await tx
          .insert(advertisements)
          .values(values)
          .onConflictDoUpdate({ target: advertisements.slug, set: values });
      }
      progress("search index");
      await reindexCatalogue(tx);
      summary = {
        genres: file.genres.length,
        playlists: file.playlists.length,
        tracks,
        releases: file.releases.length,
        advertisements: file.advertisements.length,
      };
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!summary) throw new Error("import did not complete");
  return summary;
}

/** The whole catalogue as a document that importCatalogue accepts. */
export async function exportCatalogue(db: Database): Promise<CatalogueFile> {
  const genreRows = await db.select().from(genres).orderBy(asc(genres.sortOrder), asc(genres.id));
  const subRows = await db.select().from(subgenres).orderBy(asc(subgenres.sortOrder), asc(subgenres.id));
  const artistRows = await db
    .select()
    .from(genreArtists)
    .orderBy(asc(genreArtists.sortOrder), asc(genreArtists.id));
  const playlistRows = await db.select().from(playlists).orderBy(asc(playlists.sortOrder), asc(playlists.id));
  const trackRows = playlistRows.length
    ? await db
        .select()
        .from(playlistTracks)
        .where(
          inArray(
            playlistTracks.playlistId,
            playlistRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(playlistTracks.playlistId), asc(playlistTracks.position))
    : [];
  const slugOfGenre = new Map(genreRows.map((row) => [row.id, row.slug]));
  return {
    version: 1,
    genres: genreRows.map((genre) => ({
      slug: genre.slug,
      name: genre.name,
      description: genre.description,
      imageUrl: genre.imageUrl,
      colorIndex: genre.colorIndex,
      popularity: genre.popularity,
      artistCount: genre.artistCount,
      subgenres: subRows
        .filter((sub) => sub.genreId === genre.id)
        .map(({ name, popularity }) => ({ name, popularity })),
      artists: artistRows
        .filter((artist) => artist.genreId === genre.id)
        .map(({ slug, name, imageUrl, platform, genres: labels }) => ({
          slug,
          name,
          imageUrl,
          platform: platform as CatalogueFile["genres"][number]["artists"][number]["platform"],
          genres: labels,
        })),
    })),
    playlists: playlistRows.map((playlist) => ({
      slug: playlist.slug,
      title: playlist.title,
      description: playlist.description,
      imageUrl: playlist.imageUrl,
      genre: slugOfGenre.get(playlist.genreId) ?? "",
      platform: playlist.platform as CatalogueFile["playlists"][number]["platform"],
      curator: playlist.curator,
      externalUrl: playlist.externalUrl,
      platformId: playlist.platformId,
      publishedOn: playlist.publishedOn,
      updatedOn: playlist.updatedOn,
      isNew: playlist.isNew,
      featured: playlist.featured,
      published: playlist.published,
      tracks: trackRows
        .filter((track) => track.playlistId === playlist.id)
        .map(({ title, artist, durationSeconds, spotifyUri }) => ({
          title,
          artist,
          durationSeconds,
          spotifyUri,
        })),
    })),
    releases: (await db.select().from(releases).orderBy(asc(releases.id))).map(
      ({ id: _id, platform, ...release }) => ({
        ...release,
        platform: platform as CatalogueFile["releases"][number]["platform"],
      }),
    ),
    advertisements: (await db.select().from(advertisements).orderBy(asc(advertisements.id))).map(
      ({ id: _id, startsAt, endsAt, ...ad }) => ({
        ...ad,
        startsAt: startsAt?.toISOString() ?? null,
        endsAt: endsAt?.toISOString() ?? null,
      }),
    ),
  };
}
