/** 'About <name> Music' texts for the genres the club writes about; others get the generic one. */
const descriptions: Record<string, string> = {
  electronic:
    "Electronic music grew from tape loops and modular synthesizers into the sound of clubs worldwide. From Detroit techno and Chicago house to ambient, drum & bass and glossy synth-pop, it is built in studios and bedrooms alike, and it keeps reinventing what a dancefloor can feel like.",
  "hip hop":
    "Born at Bronx block parties in the 1970s, hip hop turned breakbeats and rhymes into a global language. Its producers flip samples into new worlds while its MCs tell stories of ambition, struggle and celebration, from boom bap to trap, drill and beyond.",
  rock: "Rock took the blues, plugged it in and turned it up. Over seven decades it has spun off punk, grunge, metal and countless indie scenes, but the core stays the same: guitars, drums and songs made to be shouted back at the stage.",
  jazz: "Jazz is America's great improvised art form, from New Orleans brass bands through bebop, cool and modal jazz to today's genre-blurring players. Every performance is a conversation, and no two nights sound quite the same.",
  classical:
    "Classical music spans more than four centuries of composed works, from Baroque counterpoint to Romantic symphonies and the minimalists of today. It rewards close listening, and it is living music: new pieces are premiered every week.",
  "r&b":
    "Rhythm and blues carries the emotional core of popular music, from Motown and classic soul to neo-soul and the spacious, experimental alternative R&B of now. Expect rich vocals, deep grooves and songs about love in all its forms.",
  pop: "Pop is the music of the moment: big hooks, bright production and songs designed to stay in your head. It borrows freely from dance, R&B, rock and electronic music, and the best of it sounds both instantly familiar and brand new.",
  country:
    "Country music tells stories of home, heartbreak and the open road. From Nashville's polished hits to outlaw country, bluegrass and Americana, it is rooted in fiddles, steel guitars and voices that sound like they mean every word.",
  indie:
    "Indie started as a way of working, on small labels and self-released tapes, and became a sound of its own: jangly guitars, dreamy synths and left-field songwriting from artists who do things their way.",
  acoustic:
    "Acoustic music strips songs back to their bones: a voice, a guitar, maybe a piano. Singer-songwriters and folk players have always known that the quietest room can hold the biggest feelings.",
};

export function genreDescription(name: string): string {
  return (
    descriptions[name.trim().toLowerCase()] ??
    `${name} has its own history, heroes and sound. Explore the playlists our curators have built around it, and find the artists shaping it right now.`
  );
}
