import { Badge, type BadgeTone } from "../ui/badge";

/** Platform badge colours; platforms outside the list get no badge. */
const platformTones: Record<string, BadgeTone> = {
  Spotify: "green",
  SoundCloud: "orange",
  "YouTube Music": "red",
  "Apple Music": "pink",
  "Apple Podcasts": "purple",
  "Google Podcasts": "blue",
};

export function PlatformBadge({ platform, className }: { platform: string; className?: string }) {
  const tone = platformTones[platform];
  if (!tone) return null;
  return (
    <Badge tone={tone} className={className}>
      {platform}
    </Badge>
  );
}

/**
 * Genre badge colours. On playlist badges Rock keeps the default colour; on genre cards it
 * is pink (`context="genre-card"`).
 */
const genreTones: Record<string, BadgeTone> = {
  Electronic: "blue",
  "Hip Hop": "amber",
  Indie: "pink",
  Pop: "pink",
  Jazz: "primary",
  Classical: "secondary",
  "R&B": "blue",
  Country: "amber",
};

function genreTone(genre: string, context: "playlist" | "genre-card" = "playlist"): BadgeTone {
  if (genre === "Rock") return context === "genre-card" ? "pink" : "primary";
  return genreTones[genre] ?? "primary";
}

export function GenreBadge({
  genre,
  context = "playlist",
  className,
}: {
  genre: string;
  context?: "playlist" | "genre-card";
  className?: string;
}) {
  return (
    <Badge tone={genreTone(genre, context)} className={className}>
      {genre}
    </Badge>
  );
}

/** The six genre gradients, picked by a genre's colour index. */
export const genreGradients = [
  "from-violet-600/85 to-fuchsia-600/85",
  "from-amber-500/85 to-orange-600/85",
  "from-rose-600/85 to-pink-600/85",
  "from-sky-600/85 to-indigo-600/85",
  "from-emerald-600/85 to-teal-600/85",
  "from-slate-600/85 to-zinc-700/85",
] as const;

export function genreGradient(colorIndex: number): string {
  return (
    genreGradients[((colorIndex % genreGradients.length) + genreGradients.length) % genreGradients.length] ??
    genreGradients[0]
  );
}
