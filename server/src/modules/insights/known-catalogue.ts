import { genreLookupKey } from "@waveform/contracts/genre-lookup";
import { eq, isNotNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema";

/**
 * What exists in the public catalogue, as the counting needs it to refuse made-up things (issue 43):
 * a page view counts only for a page the site would answer 200, a play only for an episode, an
 * impression or a click only for an advertisement. Ids and slugs only: a few bytes per item.
 */
export interface KnownCatalogue {
  /** Published playlists' ids. */
  playlists: ReadonlySet<number>;
  /** Shows' slugs. */
  shows: ReadonlySet<string>;
  /** Each episode's show slug, by episode id. */
  episodes: ReadonlyMap<number, string>;
  /** A genre's page path (`/genre/<name>`, as the page names itself) by its lookup key (genreLookupKey). */
  genres: ReadonlyMap<string, string>;
  /** Newsletter issues in the public archive, by slug. */
  issues: ReadonlySet<string>;
  /** Advertisements' ids (any schedule: a banner shown an hour before its end counts that day). */
  ads: ReadonlySet<number>;
}

export const EMPTY_CATALOGUE: KnownCatalogue = {
  playlists: new Set(),
  shows: new Set(),
  episodes: new Map(),
  genres: new Map(),
  issues: new Set(),
  ads: new Set(),
};

/** Reads the catalogue's ids and slugs (one statement). */
export async function readKnownCatalogue(db: Database): Promise<KnownCatalogue> {
  const kind = (name: string) => sql<string>`${name}::text`.as("kind");
  const none = <T>() => sql<T | null>`null`;
  const rows = await unionAll(
    db
      .select({
        kind: kind("playlist"),
        id: sql<number | null>`${schema.playlists.id}`.as("id"),
        key: none<string>().as("key"),
        extra: none<string>().as("extra"),
      })
      .from(schema.playlists)
      .where(eq(schema.playlists.published, true)),
    db
      .select({ kind: kind("show"), id: none<number>(), key: schema.podcasts.slug, extra: none<string>() })
      .from(schema.podcasts),
    db
      .select({
        kind: kind("episode"),
        id: schema.episodes.id,
        key: schema.podcasts.slug,
        extra: none<string>(),
      })
      .from(schema.episodes)
      .innerJoin(schema.podcasts, eq(schema.podcasts.id, schema.episodes.podcastId)),
    db
      .select({ kind: kind("genre"), id: none<number>(), key: schema.genres.slug, extra: schema.genres.name })
      .from(schema.genres),
    db
      .select({
        kind: kind("issue"),
        id: none<number>(),
        key: schema.newsletterIssues.slug,
        extra: none<string>(),
      })
      .from(schema.newsletterIssues)
      .where(isNotNull(schema.newsletterIssues.publishedAt)),
    db
      .select({ kind: kind("ad"), id: schema.advertisements.id, key: none<string>(), extra: none<string>() })
      .from(schema.advertisements),
  );
  const playlists = new Set<number>();
  const shows = new Set<string>();
  const episodes = new Map<number, string>();
  const genres = new Map<string, string>();
  const issues = new Set<string>();
  const ads = new Set<number>();
  for (const row of rows) {
    const id = Number(row.id);
    const key = row.key ?? "";
    if (row.kind === "playlist") playlists.add(id);
    else if (row.kind === "show") shows.add(key);
    else if (row.kind === "episode") episodes.set(id, key);
    else if (row.kind === "issue") issues.add(key);
    else if (row.kind === "ad") ads.add(id);
    else if (row.kind === "genre") {
      const path = `/genre/${encodeURIComponent(row.extra ?? "")}`;
      genres.set(genreLookupKey(row.extra ?? ""), path);
      genres.set(genreLookupKey(key), path);
    }
  }
  return { playlists, shows, episodes, genres, issues, ads };
}

/** How long a snapshot is used before it is read again (as the catalogue cache's answers). */
export const KNOWN_CATALOGUE_TTL_MS = 60_000;

/**
 * The last snapshot of the catalogue, read again in the background once it is a minute old or the
 * catalogue cache was cleared (a write in this process, or NOTIFY from another server), so the hot
 * path never waits on the database: something created a moment ago counts from the next read.
 */
export class KnownCatalogueSource {
  private snapshot: KnownCatalogue | undefined;
  private readAt = 0;
  private readVersion = -1;
  private reading: Promise<KnownCatalogue> | undefined;

  constructor(
    private readonly read: () => Promise<KnownCatalogue>,
    /** Changes whenever the catalogue cache is cleared (catalogueCache.version). */
    private readonly version: () => number = () => 0,
    private readonly now: () => number = Date.now,
  ) {}

  /** The snapshot now (undefined before the first read ends); starts a new read when it is stale. */
  current(): KnownCatalogue | undefined {
    if (
      !this.reading &&
      (this.now() - this.readAt >= KNOWN_CATALOGUE_TTL_MS || this.version() !== this.readVersion)
    )
      this.refresh().catch(() => undefined);
    return this.snapshot;
  }

  /** A read under way (or a new one): resolves with the snapshot. */
  refresh(): Promise<KnownCatalogue> {
    if (this.reading) return this.reading;
    const version = this.version();
    const reading = this.read().then(
      (snapshot) => {
        this.snapshot = snapshot;
        this.readAt = this.now();
        this.readVersion = version;
        this.reading = undefined;
        return snapshot;
      },
      (error: unknown) => {
        // Tried again on the next use, not before a second has passed.
        this.readAt = Math.max(this.readAt, this.now() - KNOWN_CATALOGUE_TTL_MS + 1000);
        this.reading = undefined;
        throw error;
      },
    );
    this.reading = reading;
    return reading;
  }

  /** The read under way, if any (a flush waits for it, so events held for it are written). */
  get pending(): Promise<KnownCatalogue> | undefined {
    return this.reading;
  }
}
