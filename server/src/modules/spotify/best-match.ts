/** A search result as the matcher sees it (a Spotify track or album). */
interface MatchCandidate {
  uri: string;
  name: string;
  artists: { name: string }[];
}

/** Lower case, no accents, punctuation as single spaces: "Beyoncé – Halo!" → "beyonce halo". */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** What versions add to a name: "(feat. …)", "[Live]", " - 2011 Remaster", " - Radio Edit". */
const BRACKETED = /\s*[([][^)\]]*[)\]]/g;
const VERSION_SUFFIX =
  /\s+-\s+[^-]*\b(remaster(ed)?|version|live|mono|stereo|edit|mix|remix|single|deluxe|edition|anniversary|acoustic|demo|bonus)\b.*$/i;

/** A name without the parts that name a version of the same recording or album. */
export function baseName(name: string): string {
  return normalise(name.replace(BRACKETED, "").replace(VERSION_SUFFIX, ""));
}

/** "A & B", "A feat. B", "A, B", "A x B": the artists named in one credit. */
function creditedArtists(artist: string): string[] {
  const whole = normalise(artist);
  const parts = artist
    .split(/\s*(?:,|&|\+|\bfeat\.?|\bft\.?|\bfeaturing\b|\bwith\b|\band\b|\bx\b)\s*/i)
    .map(normalise)
    .filter(Boolean);
  return [...new Set([whole, ...parts])];
}

/**
 * The candidate that is this title by this artist, or null: one of its artists must be the
 * catalogue's artist (or, for a shared credit, one of them), and its name must be the title, or
 * the title once version notes are taken off both. An exact name beats a version; otherwise
 * Spotify's order decides. Never simply the first hit.
 */
export function bestMatch<T extends MatchCandidate>(
  candidates: T[],
  title: string,
  artist: string,
): T | null {
  const wantedArtists = new Set(creditedArtists(artist));
  const exactTitle = normalise(title);
  const baseTitle = baseName(title);
  let best: { candidate: T; score: number } | null = null;
  for (const candidate of candidates) {
    const artistMatches = candidate.artists.some((a) => wantedArtists.has(normalise(a.name)));
    if (!artistMatches) continue;
    const score =
      normalise(candidate.name) === exactTitle
        ? 2
        : baseTitle !== "" && baseName(candidate.name) === baseTitle
          ? 1
          : 0;
    if (score > (best?.score ?? 0)) best = { candidate, score };
  }
  return best?.candidate ?? null;
}
