/** The four emerging artists of the Artist Spotlight, kept in code (no server call). */
export interface SpotlightArtist {
  id: string;
  name: string;
  imageUrl: string;
  bio: string;
  genre: string;
  location: string;
  highlights: string[];
  latestRelease: {
    title: string;
    type: "Album" | "Single";
    year: number;
    coverUrl: string;
    streamingUrl: string;
  };
  links: Partial<
    Record<"spotify" | "bandcamp" | "instagram" | "website" | "facebook" | "twitter" | "merchandise", string>
  >;
}

const spotifySearch = (query: string) => `https://open.spotify.com/search/${encodeURIComponent(query)}`;
const merch = (artist: string) => `/merchandise?artist=${encodeURIComponent(artist)}`;

export const spotlightArtists: SpotlightArtist[] = [
  {
    id: "luna-vale",
    name: "Luna Vale",
    imageUrl: "/art/artist/luna-vale.svg",
    bio: "Luna Vale writes hushed, tide-pulled indie songs in a converted boathouse on the Columbia River. Her second album pairs fingerpicked guitar with field recordings of the water.",
    genre: "Indie",
    location: "Portland, Oregon",
    highlights: [
      "Tidal Memory debuted in our Bedroom Tapes playlist",
      "Sold-out West Coast tour, spring 2026",
      "Headlined our first club night in Seattle",
    ],
    latestRelease: {
      title: "Tidal Memory",
      type: "Album",
      year: 2026,
      coverUrl: "/art/album/tidal-memory.svg",
      streamingUrl: spotifySearch("Luna Vale Tidal Memory"),
    },
    links: {
      spotify: spotifySearch("Luna Vale"),
      instagram: "https://www.instagram.com/",
      bandcamp: "https://bandcamp.com/",
      merchandise: merch("Luna Vale"),
    },
  },
  {
    id: "kairo-blaze",
    name: "Kairo Blaze",
    imageUrl: "/art/artist/kairo-blaze.svg",
    bio: "Kairo Blaze raps about Atlanta's Southside over gospel chops and 808s he programs himself. Signal Fire is his most personal record yet.",
    genre: "Hip Hop",
    location: "Atlanta, Georgia",
    highlights: [
      "Signal Fire hit #2 on our weekly chart",
      "Producer credits on three 2026 albums",
      "Featured guest on the Waveform Podcast",
    ],
    latestRelease: {
      title: "Signal Fire",
      type: "Album",
      year: 2026,
      coverUrl: "/art/album/signal-fire.svg",
      streamingUrl: spotifySearch("Kairo Blaze Signal Fire"),
    },
    links: {
      spotify: spotifySearch("Kairo Blaze"),
      instagram: "https://www.instagram.com/",
      twitter: "https://x.com/",
      merchandise: merch("Kairo Blaze"),
    },
  },
  {
    id: "the-midnight-owls",
    name: "The Midnight Owls",
    imageUrl: "/art/artist/the-midnight-owls.svg",
    bio: "Four friends from Manchester playing loud, tight garage rock with choruses built for small sweaty rooms and, lately, much bigger ones.",
    genre: "Rock",
    location: "Manchester, UK",
    highlights: [
      "Concrete Bloom reached #10 on our weekly chart",
      "Festival debut at Riverside Sounds 2026",
      "Named a band to watch by our rock curators",
    ],
    latestRelease: {
      title: "Concrete Bloom",
      type: "Album",
      year: 2026,
      coverUrl: "/art/album/concrete-bloom.svg",
      streamingUrl: spotifySearch("The Midnight Owls Concrete Bloom"),
    },
    links: {
      spotify: spotifySearch("The Midnight Owls"),
      facebook: "https://www.facebook.com/",
      website: "https://bandcamp.com/",
      merchandise: merch("The Midnight Owls"),
    },
  },
  {
    id: "ines-moreau",
    name: "Ines Moreau",
    imageUrl: "/art/artist/ines-moreau.svg",
    bio: "Ines Moreau builds slow-blooming electronic music from modular synths and found sounds in her Lyon studio, somewhere between ambient and the dancefloor.",
    genre: "Electronic",
    location: "Lyon, France",
    highlights: [
      "Paper Satellites climbed five places this week",
      "Live A/V show premiered at Nuits Sonores",
      "Remixed by Oslo Drift",
    ],
    latestRelease: {
      title: "Paper Satellites",
      type: "Album",
      year: 2026,
      coverUrl: "/art/album/paper-satellites.svg",
      streamingUrl: spotifySearch("Ines Moreau Paper Satellites"),
    },
    links: {
      spotify: spotifySearch("Ines Moreau"),
      bandcamp: "https://bandcamp.com/",
      instagram: "https://www.instagram.com/",
      merchandise: merch("Ines Moreau"),
    },
  },
];
