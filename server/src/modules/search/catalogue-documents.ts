import { trackUrl } from "@waveform/contracts/listening-services";
import { asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { genreArtists, genres, playlists, playlistTracks, releases, subgenres } from "../../db/schema";
import { imageOrArt } from "../artwork/index";
import { normaliser, rowsOf, type SearchDocument } from "./search-document";
import { normaliseText } from "./search-text";

const genrePath = (slug: string) => `/genres/${encodeURIComponent(slug)}`;

/** Genres, their subgenres and their artists, as the catalogue holds them now. */
async function genreDocuments(tx: Transaction): Promise<SearchDocument[]> {
  const genreRows = await tx.select().from(genres).orderBy(asc(genres.sortOrder));
  const byId = new Map(genreRows.map((genre) => [genre.id, genre]));
  const docs: SearchDocument[] = genreRows.map((genre) => ({
    kind: "genre",
    key: genre.slug,
    title: genre.name,
    subtitle: "Genre",
    image: imageOrArt(genre.imageUrl, "genre", genre.slug),
    href: genrePath(genre.slug),
    popularity: genre.popularity ?? 0,
    fields: [genre.description],
  }));
  for (const sub of await tx.select().from(subgenres).orderBy(asc(subgenres.sortOrder))) {
    const genre = byId.get(sub.genreId);
    if (!genre) continue;
    docs.push({
      kind: "genre",
      key: `${genre.slug}/${sub.id}`,
      title: sub.name,
      subtitle: `Subgenre of ${genre.name}`,
      image: imageOrArt(genre.imageUrl, "genre", genre.slug),
      href: genrePath(genre.slug),
      popularity: sub.popularity,
      fields: [genre.name],
    });
  }
  for (const artist of await tx.select().from(genreArtists).orderBy(asc(genreArtists.sortOrder))) {
    const genre = byId.get(artist.genreId);
    if (!genre) continue;
    docs.push({
      kind: "artist",
      key: artist.slug,
      title: artist.name,
      subtitle: `Artist · ${artist.genres.slice(0, 2).join(", ") || genre.name}`,
      image: imageOrArt(artist.imageUrl, "artist", artist.slug),
      href: genrePath(genre.slug),
      popularity: genre.popularity ?? 0,
      fields: [genre.name, ...artist.genres],
    });
  }
  return docs;
}

interface TrackRow {
  playlistId: number;
  position: number;
  title: string;
  artist: string;
  spotifyUri: string | null;
}

/**
 * The tracks of published playlists, read as one JSON text: PGlite hands rows to JavaScript one by
 * one at ~7 µs each (the 100k bench's 98,000 tracks took 0.7–0.9 s, and 1.6 s from the server's
 * PGlite thread), and one text of them all in ~0.3 s (decision 0011, sixth sitting).
 */
async function publishedTracks(tx: Transaction): Promise<TrackRow[]> {
  const result = await tx.execute(sql`
    select coalesce(json_agg(r), '[]')::text as tracks
    from (
      select t.playlist_id as "playlistId", t.position, t.title, t.artist, t.spotify_uri as "spotifyUri"
      from ${playlistTracks} t
      join ${playlists} p on p.id = t.playlist_id
      where p.published
    ) r`);
  return JSON.parse(rowsOf<{ tracks: string }>(result)[0]?.tracks ?? "[]") as TrackRow[];
}

/**
 * Playlists, and their tracks once per song (title and artist): a song in five playlists is one
 * result, opening the first playlist that holds it at the track's row. Console drafts are left out
 * (and so are their tracks): search finds only what a visitor can open.
 */
async function playlistDocuments(tx: Transaction): Promise<SearchDocument[]> {
  const genreNames = new Map((await tx.select().from(genres)).map((genre) => [genre.id, genre.name]));
  const playlistRows = await tx
    .select()
    .from(playlists)
    .where(eq(playlists.published, true))
    .orderBy(asc(playlists.sortOrder), asc(playlists.id));
  const docs: SearchDocument[] = [];
  const byId = new Map(playlistRows.map((playlist) => [playlist.id, playlist]));
  for (const playlist of playlistRows) {
    docs.push({
      kind: "playlist",
      key: String(playlist.id),
      title: playlist.title,
      subtitle: `Playlist · ${playlist.curator}`,
      image: imageOrArt(playlist.imageUrl, "cover", playlist.slug),
      href: `/playlist/${playlist.id}`,
      popularity: playlist.featured ? 1 : 0,
      recency: new Date(playlist.updatedOn),
      fields: [playlist.description, playlist.curator, genreNames.get(playlist.genreId)],
    });
  }
  const songs = new Map<string, { doc: SearchDocument; holders: number }>();
  const normaliseArtist = normaliser();
  const trackRows = await publishedTracks(tx);
  const order = new Map(playlistRows.map((playlist, index) => [playlist.id, index]));
  trackRows.sort(
    (a, b) => (order.get(a.playlistId) ?? 0) - (order.get(b.playlistId) ?? 0) || a.position - b.position,
  );
  for (const track of trackRows) {
    const playlist = byId.get(track.playlistId);
    if (!playlist) continue;
    const song = `${normaliseText(track.title)}|${normaliseArtist(track.artist)}`;
    const known = songs.get(song);
    if (known) {
      known.holders++;
      continue;
    }
    songs.set(song, {
      holders: 1,
      doc: {
        kind: "track",
        key: `${playlist.id}:${track.position}`,
        title: track.title,
        subtitle: `${track.artist} · in ${playlist.title}`,
        image: imageOrArt(playlist.imageUrl, "cover", playlist.slug),
        href: `/playlist/${playlist.id}#track-${track.position}`,
        spotifyUrl: trackUrl("Spotify", track),
        fields: [track.artist],
        names: [track.artist],
      },
    });
  }
  for (const { doc, holders } of songs.values()) docs.push({ ...doc, popularity: holders });
  return docs;
}

async function releaseDocuments(tx: Transaction): Promise<SearchDocument[]> {
  return (await tx.select().from(releases).orderBy(asc(releases.id))).map((release) => ({
    kind: "release",
    key: release.slug,
    title: release.title,
    subtitle: `Release · ${release.artist}`,
    image: imageOrArt(release.imageUrl, "album", release.slug),
    href: "/new-releases",
    popularity: release.isNew ? 1 : 0,
    recency: new Date(release.releaseDate),
    fields: [release.artist],
    names: [release.artist],
  }));
}

/** Every catalogue item a visitor can open: what `reindexCatalogue` writes. */
export async function catalogueDocuments(tx: Transaction): Promise<SearchDocument[]> {
  return [...(await genreDocuments(tx)), ...(await playlistDocuments(tx)), ...(await releaseDocuments(tx))];
}
