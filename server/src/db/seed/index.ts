import { count } from "drizzle-orm";
import { pickStable } from "../../lib/seeded-random";
import { slugify } from "../../lib/slugify";
import { type CatalogueFile, importCatalogue, parseCatalogueFile } from "../../modules/catalogue-io/index";
import { syncEditorialDocuments } from "../../modules/search/index";
import type { Database } from "../client";
import { genres, siteImages } from "../schema";
import { adSeeds } from "./ads.data";
import { artistSeeds } from "./artists.data";
import { genreSeeds } from "./genres.data";
import { platformSearchUrl } from "./platform-links";
import { playlistSeeds } from "./playlists.data";
import { seedPodcasts } from "./podcasts";
import { releaseSeeds } from "./releases.data";
import { siteImageSeeds } from "./site-images.data";
import { trackPools } from "./tracks.data";

function parseTrack(line: string) {
  const [title = "", artist = "", duration = "0:00"] = line.split("|");
  const [minutes = 0, seconds = 0] = duration.split(":").map(Number);
  return { title, artist, durationSeconds: minutes * 60 + seconds, spotifyUri: null };
}

/** The seed catalogue as a catalogue document, so seeding takes the same path as an admin import. */
function seedCatalogueFile(): CatalogueFile {
  return {
    version: 1,
    genres: genreSeeds.map(({ subgenres, ...genre }) => ({
      ...genre,
      imageUrl: null,
      subgenres: subgenres.map(([name, popularity]) => ({ name, popularity })),
      artists: (artistSeeds[genre.slug] ?? []).map((artist) => ({
        ...artist,
        slug: slugify(artist.name),
        imageUrl: null,
      })),
    })),
    playlists: playlistSeeds.map(({ trackCount, ...seed }) => ({
      ...seed,
      imageUrl: null,
      platformId: null,
      isNew: seed.isNew ?? false,
      featured: seed.featured ?? false,
      externalUrl: platformSearchUrl(seed.platform, seed.title),
      tracks: pickStable(trackPools[seed.genre] ?? [], trackCount, seed.slug).map(parseTrack),
    })),
    releases: releaseSeeds.map((seed) => ({
      ...seed,
      imageUrl: null,
      isNew: seed.isNew ?? false,
      externalUrl: platformSearchUrl(seed.platform, `${seed.artist} ${seed.title}`),
    })),
    advertisements: adSeeds.map((ad) => ({ ...ad, imageUrl: null })),
  };
}

/** Writes the seed catalogue; running it again leaves the same rows and ids (upserts by slug). */
export async function seedDatabase(db: Database): Promise<void> {
  await importCatalogue(db, parseCatalogueFile(seedCatalogueFile()));
  for (const image of siteImageSeeds) {
    await db.insert(siteImages).values(image).onConflictDoUpdate({ target: siteImages.name, set: image });
  }
  await seedPodcasts(db);
  await syncEditorialDocuments(db);
}

/** True when the catalogue has no rows yet: the first start of a new database. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(genres);
  return (row?.n ?? 0) === 0;
}
