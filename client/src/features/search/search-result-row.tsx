import type { SearchResult } from "@waveform/contracts/search";
import { Link } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { HighlightedText } from "./highlighted-text";

/** Square artwork, or the first letter of the title for items without any (pages). */
export function ResultArtwork({ result, size }: { result: SearchResult; size: "sm" | "md" }) {
  const box = size === "sm" ? "size-10" : "size-14";
  if (!result.image)
    return (
      <span
        aria-hidden="true"
        className={`${box} flex shrink-0 items-center justify-center rounded-md bg-muted font-bold text-muted-foreground`}
      >
        {result.title.slice(0, 1)}
      </span>
    );
  return (
    <FallbackImage
      src={result.image}
      alt=""
      width={56}
      height={56}
      className={`${box} shrink-0 rounded-md bg-muted object-cover`}
    />
  );
}

/** One result on the results page: artwork, the title with the matched letters marked, what it is. */
export function SearchResultRow({ result }: { result: SearchResult }) {
  return (
    <li className="flex items-center gap-4 rounded-lg p-2 hover:bg-muted/60">
      <ResultArtwork result={result} size="md" />
      <div className="min-w-0 flex-1">
        <Link to={result.href} className="block truncate py-0.5 font-medium hover:underline">
          <HighlightedText text={result.title} ranges={result.matches} />
        </Link>
        <p className="truncate text-muted-foreground text-sm">{result.subtitle}</p>
        {result.spotifyUrl && (
          <a
            href={result.spotifyUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open in Spotify: ${result.title}`}
            className="mt-1 inline-flex min-h-6 items-center text-primary text-xs underline-offset-2 hover:underline"
          >
            Open in Spotify
          </a>
        )}
      </div>
    </li>
  );
}
