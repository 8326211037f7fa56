/** The four emerging artists of the Artist Spotlight (SPEC §3: hard-coded). */
export interface SpotlightArtistSummary {
  id: string;
  name: string;
  genre: string;
  location: string;
  imageUrl: string;
}

export const spotlightArtists: SpotlightArtistSummary[] = [
  {
    id: "luna-vale",
    name: "Luna Vale",
    genre: "Indie",
    location: "Portland, Oregon",
    imageUrl: "/art/artist/luna-vale.svg",
  },
  {
    id: "kairo-blaze",
    name: "Kairo Blaze",
    genre: "Hip Hop",
    location: "Atlanta, Georgia",
    imageUrl: "/art/artist/kairo-blaze.svg",
  },
  {
    id: "the-midnight-owls",
    name: "The Midnight Owls",
    genre: "Rock",
    location: "Manchester, UK",
    imageUrl: "/art/artist/the-midnight-owls.svg",
  },
  {
    id: "ines-moreau",
    name: "Ines Moreau",
    genre: "Electronic",
    location: "Lyon, France",
    imageUrl: "/art/artist/ines-moreau.svg",
  },
];
