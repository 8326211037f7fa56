import type { PlaylistPlatform } from "@waveform/contracts/catalogue";

interface ArtistSeed {
  name: string;
  platform: PlaylistPlatform;
  genres: string[];
}

/** Artists our curators point to in each genre (keyed by genre slug), most played first. */
export const artistSeeds: Record<string, ArtistSeed[]> = {
  electronic: [
    { name: "Daft Punk", platform: "Spotify", genres: ["French House", "Electronic"] },
    { name: "Aphex Twin", platform: "Apple Music", genres: ["IDM", "Ambient"] },
    { name: "Disclosure", platform: "Spotify", genres: ["House", "UK Garage"] },
    { name: "Bicep", platform: "YouTube Music", genres: ["Breakbeat", "House"] },
    { name: "Caribou", platform: "Spotify", genres: ["Electronic", "Indietronica"] },
    { name: "Peggy Gou", platform: "Apple Music", genres: ["House", "Techno"] },
    { name: "Four Tet", platform: "Spotify", genres: ["Electronica", "House"] },
  ],
  "hip-hop": [
    { name: "Kendrick Lamar", platform: "Spotify", genres: ["Conscious", "West Coast"] },
    { name: "Little Simz", platform: "Apple Music", genres: ["UK Hip Hop", "Conscious"] },
    { name: "OutKast", platform: "Spotify", genres: ["Southern Hip Hop", "Funk"] },
    { name: "A Tribe Called Quest", platform: "YouTube Music", genres: ["Jazz Rap", "Boom Bap"] },
    { name: "Missy Elliott", platform: "Spotify", genres: ["Hip Hop", "R&B"] },
    { name: "Run the Jewels", platform: "Apple Music", genres: ["Hardcore Hip Hop", "Political"] },
  ],
  rock: [
    { name: "Queen", platform: "Spotify", genres: ["Classic Rock", "Glam Rock"] },
    { name: "Nirvana", platform: "YouTube Music", genres: ["Grunge", "Alternative"] },
    { name: "Arctic Monkeys", platform: "Spotify", genres: ["Indie Rock", "Garage Rock"] },
    { name: "Foo Fighters", platform: "Apple Music", genres: ["Alternative", "Hard Rock"] },
    { name: "The White Stripes", platform: "Spotify", genres: ["Garage Rock", "Blues Rock"] },
    { name: "Led Zeppelin", platform: "YouTube Music", genres: ["Hard Rock", "Blues Rock"] },
  ],
  indie: [
    { name: "Phoebe Bridgers", platform: "Spotify", genres: ["Indie Folk", "Emo"] },
    { name: "Tame Impala", platform: "Apple Music", genres: ["Psychedelic", "Indie Pop"] },
    { name: "Vampire Weekend", platform: "Spotify", genres: ["Indie Pop", "Baroque Pop"] },
    { name: "Beach House", platform: "YouTube Music", genres: ["Dream Pop", "Indie"] },
    { name: "Mitski", platform: "Spotify", genres: ["Indie Rock", "Art Pop"] },
    { name: "The Strokes", platform: "Apple Music", genres: ["Garage Rock", "Indie Rock"] },
  ],
  jazz: [
    { name: "Miles Davis", platform: "Spotify", genres: ["Modal Jazz", "Cool Jazz"] },
    { name: "John Coltrane", platform: "Apple Music", genres: ["Hard Bop", "Spiritual Jazz"] },
    { name: "Kamasi Washington", platform: "Spotify", genres: ["Spiritual Jazz", "Jazz Fusion"] },
    { name: "Nina Simone", platform: "YouTube Music", genres: ["Vocal Jazz", "Soul"] },
    { name: "Dave Brubeck", platform: "Spotify", genres: ["Cool Jazz", "West Coast Jazz"] },
    { name: "Esperanza Spalding", platform: "Apple Music", genres: ["Jazz Fusion", "Vocal Jazz"] },
  ],
  classical: [
    { name: "Johann Sebastian Bach", platform: "Apple Music", genres: ["Baroque", "Keyboard"] },
    { name: "Ludwig van Beethoven", platform: "Spotify", genres: ["Classical", "Romantic"] },
    { name: "Claude Debussy", platform: "Apple Music", genres: ["Impressionism", "Piano"] },
    { name: "Max Richter", platform: "Spotify", genres: ["Minimalism", "Contemporary"] },
    { name: "Philip Glass", platform: "YouTube Music", genres: ["Minimalism", "Opera"] },
    { name: "Antonio Vivaldi", platform: "Spotify", genres: ["Baroque", "Concerto"] },
  ],
  "r-and-b": [
    { name: "SZA", platform: "Spotify", genres: ["Alternative R&B", "Neo-Soul"] },
    { name: "Frank Ocean", platform: "Apple Music", genres: ["Alternative R&B", "Soul"] },
    { name: "Erykah Badu", platform: "Spotify", genres: ["Neo-Soul", "Funk"] },
    { name: "D'Angelo", platform: "YouTube Music", genres: ["Neo-Soul", "Funk"] },
    { name: "H.E.R.", platform: "Spotify", genres: ["Contemporary R&B", "Soul"] },
    { name: "Marvin Gaye", platform: "Apple Music", genres: ["Classic Soul", "Motown"] },
  ],
  pop: [
    { name: "Dua Lipa", platform: "Spotify", genres: ["Dance Pop", "Disco"] },
    { name: "Robyn", platform: "Apple Music", genres: ["Electropop", "Dance Pop"] },
    { name: "Charli XCX", platform: "Spotify", genres: ["Electropop", "Hyperpop"] },
    { name: "Harry Styles", platform: "YouTube Music", genres: ["Pop Rock", "Soft Rock"] },
    { name: "Carly Rae Jepsen", platform: "Spotify", genres: ["Synth-Pop", "Dance Pop"] },
    { name: "Lorde", platform: "Apple Music", genres: ["Art Pop", "Electropop"] },
  ],
  country: [
    { name: "Dolly Parton", platform: "Spotify", genres: ["Country", "Country Pop"] },
    { name: "Johnny Cash", platform: "YouTube Music", genres: ["Outlaw Country", "Rockabilly"] },
    { name: "Kacey Musgraves", platform: "Apple Music", genres: ["Country Pop", "Americana"] },
    { name: "Chris Stapleton", platform: "Spotify", genres: ["Southern Rock", "Americana"] },
    { name: "Willie Nelson", platform: "Spotify", genres: ["Outlaw Country", "Americana"] },
    { name: "Sturgill Simpson", platform: "Apple Music", genres: ["Alt-Country", "Bluegrass"] },
  ],
  acoustic: [
    { name: "Nick Drake", platform: "Spotify", genres: ["Folk", "Singer-Songwriter"] },
    { name: "José González", platform: "Apple Music", genres: ["Indie Folk", "Acoustic"] },
    { name: "Iron & Wine", platform: "Spotify", genres: ["Indie Folk", "Acoustic"] },
    { name: "Tracy Chapman", platform: "YouTube Music", genres: ["Folk Rock", "Singer-Songwriter"] },
    { name: "Bon Iver", platform: "Spotify", genres: ["Indie Folk", "Chamber Folk"] },
    { name: "Joni Mitchell", platform: "Apple Music", genres: ["Folk", "Singer-Songwriter"] },
  ],
};
