interface GenreSeed {
  slug: string;
  name: string;
  description: string;
  colorIndex: number;
  popularity: number | null;
  artistCount: number | null;
  /** Name and popularity (0–10), most popular first. */
  subgenres: [string, number][];
}

/** The genres the club curates, in the order the explorer ranks them. Written by our editors. */
export const genreSeeds: GenreSeed[] = [
  {
    slug: "electronic",
    name: "Electronic",
    description:
      "From warehouse techno to glittering synth-pop: music built from circuits, samplers and late nights.",
    colorIndex: 0,
    popularity: 9,
    artistCount: 148,
    subgenres: [
      ["Techno", 9],
      ["House", 9],
      ["Drum & Bass", 7],
      ["Ambient", 5],
      ["Synthwave", 6],
      ["UK Garage", 6],
    ],
  },
  {
    slug: "hip-hop",
    name: "Hip Hop",
    description: "Beats, bars and storytelling, from boom-bap basements to the sound of the charts.",
    colorIndex: 1,
    popularity: 9,
    artistCount: 136,
    subgenres: [
      ["Boom Bap", 7],
      ["Trap", 9],
      ["Conscious", 6],
      ["Drill", 8],
      ["Lo-fi Hip Hop", 7],
    ],
  },
  {
    slug: "rock",
    name: "Rock",
    description: "Loud guitars and big choruses, from garage rock revivals to stadium anthems.",
    colorIndex: 2,
    popularity: 8,
    artistCount: 121,
    subgenres: [
      ["Classic Rock", 8],
      ["Alternative", 8],
      ["Punk", 6],
      ["Hard Rock", 6],
      ["Post-Rock", 4],
      ["Garage Rock", 5],
    ],
  },
  {
    slug: "indie",
    name: "Indie",
    description:
      "Bedroom recordings, jangly guitars and left-field songwriting from artists who do it their way.",
    colorIndex: 3,
    popularity: 8,
    artistCount: 97,
    subgenres: [
      ["Indie Pop", 8],
      ["Indie Folk", 7],
      ["Shoegaze", 5],
      ["Bedroom Pop", 6],
      ["Dream Pop", 6],
    ],
  },
  {
    slug: "jazz",
    name: "Jazz",
    description: "Improvisation and swing, from smoky standards to the new London and LA scenes.",
    colorIndex: 4,
    popularity: 7,
    artistCount: 84,
    subgenres: [
      ["Bebop", 6],
      ["Cool Jazz", 6],
      ["Jazz Fusion", 5],
      ["Modal Jazz", 5],
      ["Nu Jazz", 4],
      ["Vocal Jazz", 7],
    ],
  },
  {
    slug: "classical",
    name: "Classical",
    description:
      "Orchestral, chamber and solo works across four centuries, plus the composers writing today.",
    colorIndex: 5,
    popularity: 6,
    artistCount: 72,
    subgenres: [
      ["Baroque", 6],
      ["Romantic", 7],
      ["Minimalism", 5],
      ["Opera", 5],
      ["Contemporary Classical", 4],
    ],
  },
  {
    slug: "r-and-b",
    name: "R&B",
    description: "Silky vocals and slow-burning grooves, from classic soul to alternative R&B.",
    colorIndex: 0,
    popularity: 8,
    artistCount: 103,
    subgenres: [
      ["Neo-Soul", 8],
      ["Contemporary R&B", 9],
      ["Alternative R&B", 7],
      ["Classic Soul", 6],
      ["Quiet Storm", 4],
    ],
  },
  {
    slug: "pop",
    name: "Pop",
    description: "Hooks you can't shake: the biggest songs of the moment and the ones about to be.",
    colorIndex: 1,
    popularity: 10,
    artistCount: 149,
    subgenres: [
      ["Dance Pop", 9],
      ["Synth-Pop", 8],
      ["K-Pop", 8],
      ["Electropop", 7],
      ["Art Pop", 5],
      ["Teen Pop", 4],
    ],
  },
  {
    slug: "country",
    name: "Country",
    description: "Stories of home and heartbreak, from Nashville polish to rough-edged Americana.",
    colorIndex: 2,
    popularity: 6,
    artistCount: 68,
    subgenres: [
      ["Americana", 6],
      ["Outlaw Country", 5],
      ["Bluegrass", 4],
      ["Country Pop", 8],
      ["Alt-Country", 5],
    ],
  },
  {
    slug: "acoustic",
    name: "Acoustic",
    description: "Unplugged and up close: fingerpicked guitars, warm voices and quiet rooms.",
    colorIndex: 3,
    popularity: 5,
    artistCount: 57,
    subgenres: [
      ["Singer-Songwriter", 8],
      ["Folk", 7],
      ["Unplugged", 6],
      ["Fingerstyle", 4],
    ],
  },
];
