import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  advertisements,
  genreArtists,
  genres,
  playlists,
  playlistTracks,
  releases,
  siteImages,
  subgenres,
} from "../schema";
import { adSeeds } from "./ads.data";
import { artistSeeds } from "./artists.data";
import { genreSeeds } from "./genres.data";
import { platformSearchUrl } from "./platform-links";
import { playlistSeeds } from "./playlists.data";
import { releaseSeeds } from "./releases.data";
import { pickStable } from "./seeded-random";
import { siteImageSeeds } from "./site-images.data";
import { trackPools } from "./tracks.data";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function parseTrack(line: string, position: number) {
  const [title = "", artist = "", duration = "0:00"] = line.split("|");
  const [minutes = 0, seconds = 0] = duration.split(":").map(Number);
  return { position, title, artist, durationSeconds: minutes * 60 + seconds, spotifyUri: null };
}

async function seedGenres(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sortOrder, { subgenres: subs, ...genre }] of genreSeeds.entries()) {
    const values = { ...genre, sortOrder };
    const [row] = await tx
      .insert(genres)
      .values(values)
      .onConflictDoUpdate({ target: genres.slug, set: { ...values, updatedAt: sql`now()` } })
      .returning({ id: genres.id });
    if (!row) throw new Error(`could not write genre ${genre.slug}`);
    ids.set(genre.slug, row.id);
    for (const [order, [name, popularity]] of subs.entries()) {
      const sub = { genreId: row.id, name, popularity, sortOrder: order };
      await tx
        .insert(subgenres)
        .values(sub)
        .onConflictDoUpdate({ target: [subgenres.genreId, subgenres.name], set: sub });
    }
    for (const [order, artist] of (artistSeeds[genre.slug] ?? []).entries()) {
      const values = { ...artist, slug: slugify(artist.name), genreId: row.id, sortOrder: order };
      await tx
        .insert(genreArtists)
        .values(values)
        .onConflictDoUpdate({ target: genreArtists.slug, set: values });
    }
  }
  return ids;
}

async function seedPlaylists(tx: Tx, genreIds: Map<string, number>): Promise<void> {
  for (const [sortOrder, seed] of playlistSeeds.entries()) {
    const genreId = genreIds.get(seed.genre);
    const pool = trackPools[seed.genre] ?? [];
    if (!genreId || pool.length < seed.trackCount) throw new Error(`bad playlist seed ${seed.slug}`);
    const { trackCount, genre: _genre, ...fields } = seed;
    const values = {
      ...fields,
      genreId,
      isNew: seed.isNew ?? false,
      featured: seed.featured ?? false,
      externalUrl: platformSearchUrl(seed.platform, seed.title),
      sortOrder,
    };
    const [row] = await tx
      .insert(playlists)
      .values(values)
      .onConflictDoUpdate({ target: playlists.slug, set: values })
      .returning({ id: playlists.id });
    if (!row) throw new Error(`could not write playlist ${seed.slug}`);
    await tx.delete(playlistTracks).where(eq(playlistTracks.playlistId, row.id));
    const tracks = pickStable(pool, trackCount, seed.slug).map((line, index) => ({
      ...parseTrack(line, index + 1),
      playlistId: row.id,
    }));
    await tx.insert(playlistTracks).values(tracks);
  }
}

async function seedRest(tx: Tx): Promise<void> {
  for (const seed of releaseSeeds) {
    const values = {
      ...seed,
      isNew: seed.isNew ?? false,
      externalUrl: platformSearchUrl(seed.platform, `${seed.artist} ${seed.title}`),
    };
    await tx.insert(releases).values(values).onConflictDoUpdate({ target: releases.slug, set: values });
  }
  for (const ad of adSeeds) {
    await tx.insert(advertisements).values(ad).onConflictDoUpdate({ target: advertisements.slug, set: ad });
  }
  for (const image of siteImageSeeds) {
    await tx.insert(siteImages).values(image).onConflictDoUpdate({ target: siteImages.name, set: image });
  }
}

/** Writes the seed catalogue; running it again leaves the same rows and ids (upserts by natural key). */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const genreIds = await seedGenres(tx);
    await seedPlaylists(tx, genreIds);
    await seedRest(tx);
  });
}

/** True when the catalogue has no rows yet: the first start of a new database. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(genres);
  return (row?.n ?? 0) === 0;
}
