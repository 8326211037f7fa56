import { and, asc, eq, isNotNull, isNull, lt, min, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { playlistTracks, releases, spotifyLookups } from "../../db/schema";

/** What the resolver looks up: a playlist track (a Spotify track) or a release (an album). */
export type LookupKind = "track" | "album";
export interface Wanted {
  kind: LookupKind;
  title: string;
  artist: string;
}

/** Where each kind's Spotify uri is kept. */
const TARGETS = {
  track: {
    table: playlistTracks,
    title: playlistTracks.title,
    artist: playlistTracks.artist,
    uri: playlistTracks.spotifyUri,
  },
  album: { table: releases, title: releases.title, artist: releases.artist, uri: releases.spotifyUri },
} as const;

/** The resolver's reads and writes: which rows lack a Spotify uri, and what Spotify told us. */
export function createIdResolverRepository(db: Database) {
  const lookupFor = (kind: LookupKind) => {
    const target = TARGETS[kind];
    return and(
      eq(spotifyLookups.kind, kind),
      eq(spotifyLookups.title, target.title),
      eq(spotifyLookups.artist, target.artist),
    );
  };

  return {
    /** Copies uris already found onto rows that lack them (a song added to another playlist); returns how many. */
    async applyFound(kind: LookupKind): Promise<number> {
      const target = TARGETS[kind];
      const rows = await db
        .update(target.table)
        .set({ spotifyUri: sql`${spotifyLookups.uri}` })
        .from(spotifyLookups)
        .where(and(isNull(target.uri), lookupFor(kind), isNotNull(spotifyLookups.uri)))
        .returning({ title: target.title });
      return rows.length;
    },

    /**
     * Up to `limit` songs (or albums) without a uri that were never looked up, or were not found
     * more than `retryDays` ago; in site order (first playlists first).
     */
    async pending(kind: LookupKind, limit: number, retryDays: number): Promise<Wanted[]> {
      if (limit <= 0) return [];
      const target = TARGETS[kind];
      const order =
        kind === "track"
          ? [min(playlistTracks.playlistId), min(playlistTracks.position)]
          : [min(releases.id)];
      const rows = await db
        .select({ title: target.title, artist: target.artist })
        .from(target.table)
        .leftJoin(spotifyLookups, lookupFor(kind))
        .where(
          and(
            isNull(target.uri),
            or(
              isNull(spotifyLookups.kind),
              and(
                isNull(spotifyLookups.uri),
                lt(spotifyLookups.lookedUpAt, sql`now() - make_interval(days => ${retryDays})`),
              ),
            ),
          ),
        )
        .groupBy(target.title, target.artist)
        .orderBy(...order.map((column) => asc(column)))
        .limit(limit);
      return rows.map((row) => ({ kind, ...row }));
    },

    /**
     * Keeps what Spotify answered (a uri, or null for not found) and sets the uri on every row of
     * that song that has none; returns how many rows it set.
     */
    async record(wanted: Wanted, uri: string | null): Promise<number> {
      const target = TARGETS[wanted.kind];
      return db.transaction(async (tx) => {
        await tx
          .insert(spotifyLookups)
          .values({ ...wanted, uri, lookedUpAt: sql`now()` })
          .onConflictDoUpdate({
            target: [spotifyLookups.kind, spotifyLookups.title, spotifyLookups.artist],
            set: { uri, lookedUpAt: sql`now()` },
          });
        if (!uri) return 0;
        const rows = await tx
          .update(target.table)
          .set({ spotifyUri: uri })
          .where(and(eq(target.title, wanted.title), eq(target.artist, wanted.artist), isNull(target.uri)))
          .returning({ title: target.title });
        return rows.length;
      });
    },
  };
}
