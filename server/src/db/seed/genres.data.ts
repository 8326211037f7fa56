import type { genres } from "../schema";

type GenreSeed = Omit<typeof genres.$inferInsert, "id" | "updatedAt">;

/** The genres the spec names, in the order the explorer ranks them. Written by our editors. */
export const genreSeeds: GenreSeed[] = [
  {
    slug: "electronic",
    name: "Electronic",
    description:
      "From warehouse techno to glittering synth-pop: music built from circuits, samplers and late nights.",
    colorIndex: 0,
    popularity: 9,
    artistCount: 148,
  },
  {
    slug: "hip-hop",
    name: "Hip Hop",
    description: "Beats, bars and storytelling, from boom-bap basements to the sound of the charts.",
    colorIndex: 1,
    popularity: 9,
    artistCount: 136,
  },
  {
    slug: "rock",
    name: "Rock",
    description: "Loud guitars and big choruses, from garage rock revivals to stadium anthems.",
    colorIndex: 2,
    popularity: 8,
    artistCount: 121,
  },
  {
    slug: "indie",
    name: "Indie",
    description:
      "Bedroom recordings, jangly guitars and left-field songwriting from artists who do it their way.",
    colorIndex: 3,
    popularity: 8,
    artistCount: 97,
  },
  {
    slug: "jazz",
    name: "Jazz",
    description: "Improvisation and swing, from smoky standards to the new London and LA scenes.",
    colorIndex: 4,
    popularity: 7,
    artistCount: 84,
  },
  {
    slug: "classical",
    name: "Classical",
    description:
      "Orchestral, chamber and solo works across four centuries, plus the composers writing today.",
    colorIndex: 5,
    popularity: 6,
    artistCount: 72,
  },
  {
    slug: "r-and-b",
    name: "R&B",
    description: "Silky vocals and slow-burning grooves, from classic soul to alternative R&B.",
    colorIndex: 0,
    popularity: 8,
    artistCount: 103,
  },
  {
    slug: "pop",
    name: "Pop",
    description: "Hooks you can't shake: the biggest songs of the moment and the ones about to be.",
    colorIndex: 1,
    popularity: 10,
    artistCount: 149,
  },
  {
    slug: "country",
    name: "Country",
    description: "Stories of home and heartbreak, from Nashville polish to rough-edged Americana.",
    colorIndex: 2,
    popularity: 6,
    artistCount: 68,
  },
  {
    slug: "acoustic",
    name: "Acoustic",
    description: "Unplugged and up close: fingerpicked guitars, warm voices and quiet rooms.",
    colorIndex: 3,
    popularity: 5,
    artistCount: 57,
  },
];
