import type { PlaylistPlatform } from "@waveform/contracts/catalogue";

interface ReleaseSeed {
  slug: string;
  title: string;
  artist: string;
  releaseDate: string;
  trackCount: number;
  platform: PlaylistPlatform;
  isNew?: boolean;
}

/** New releases from the emerging artists we follow, newest first. */
export const releaseSeeds: ReleaseSeed[] = [
  {
    slug: "tidal-memory",
    title: "Tidal Memory",
    artist: "Luna Vale",
    releaseDate: "2026-11-20",
    trackCount: 11,
    platform: "Spotify",
    isNew: true,
  },
  {
    slug: "concrete-bloom",
    title: "Concrete Bloom",
    artist: "The Midnight Owls",
    releaseDate: "2026-11-13",
    trackCount: 9,
    platform: "Apple Music",
    isNew: true,
  },
  {
    slug: "signal-fire",
    title: "Signal Fire",
    artist: "Kairo Blaze",
    releaseDate: "2026-11-06",
    trackCount: 14,
    platform: "Spotify",
    isNew: true,
  },
  {
    slug: "paper-satellites",
    title: "Paper Satellites",
    artist: "Ines Moreau",
    releaseDate: "2026-10-30",
    trackCount: 10,
    platform: "YouTube Music",
    isNew: true,
  },
  {
    slug: "low-country-lights",
    title: "Low Country Lights",
    artist: "Harlan & The Hollow",
    releaseDate: "2026-10-23",
    trackCount: 12,
    platform: "Apple Music",
  },
  {
    slug: "afterglow-theory",
    title: "Afterglow Theory",
    artist: "Neon Parade",
    releaseDate: "2026-10-16",
    trackCount: 8,
    platform: "Spotify",
  },
  {
    slug: "quiet-machines",
    title: "Quiet Machines",
    artist: "Oslo Drift",
    releaseDate: "2026-10-09",
    trackCount: 7,
    platform: "YouTube Music",
  },
  {
    slug: "gold-teeth-blue-notes",
    title: "Gold Teeth, Blue Notes",
    artist: "Marcus Flint Quartet",
    releaseDate: "2026-10-02",
    trackCount: 6,
    platform: "Apple Music",
  },
  {
    slug: "southside-psalms",
    title: "Southside Psalms",
    artist: "Dre Kalani",
    releaseDate: "2026-09-25",
    trackCount: 15,
    platform: "Spotify",
  },
  {
    slug: "velvet-static",
    title: "Velvet Static",
    artist: "Sienna Ray",
    releaseDate: "2026-09-18",
    trackCount: 10,
    platform: "YouTube Music",
  },
  {
    slug: "wildflower-radio",
    title: "Wildflower Radio",
    artist: "June Calloway",
    releaseDate: "2026-09-11",
    trackCount: 12,
    platform: "Spotify",
  },
  {
    slug: "nocturnes-for-now",
    title: "Nocturnes for Now",
    artist: "Elise Varga",
    releaseDate: "2026-09-04",
    trackCount: 9,
    platform: "Apple Music",
  },
  {
    slug: "heatwave-season",
    title: "Heatwave Season",
    artist: "Coral Club",
    releaseDate: "2026-08-28",
    trackCount: 11,
    platform: "Spotify",
  },
];
