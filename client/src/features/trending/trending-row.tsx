import { useQuery } from "@tanstack/react-query";
import type { TrendingKind } from "@waveform/contracts/insights";
import { Link } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { trendingQuery } from "./trending.queries";

const KIND_LABELS: Record<TrendingKind, string> = {
  playlist: "Playlist",
  episode: "Episode",
  show: "Podcast",
};

/**
 * "Trending in the club this week": the playlists, shows and episodes with the most visitors and
 * listeners over the last 7 days, counted by the site itself (issue 33). Hidden while there are too
 * few signals to mean anything (the server answers an empty list under 10 visitors) and when the
 * count cannot be read: the page is whole without it. The charts page's fixed charts stay as they are.
 */
export function TrendingRow() {
  const { data } = useQuery(trendingQuery);
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="trending-heading">
      <h2 id="trending-heading" className="font-bold text-2xl tracking-tight">
        Trending in the club this week
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        What our visitors opened and played most in the last 7 days.
      </p>
      <ol className="-mx-4 mt-5 flex snap-x gap-4 overflow-x-auto px-4 pb-3">
        {data.items.map((item, index) => (
          <li key={`${item.kind}-${item.id}`} className="w-40 shrink-0 snap-start sm:w-44">
            <Link to={item.path} className="group block space-y-2 rounded-xl">
              <div className="relative">
                <FallbackImage
                  src={item.imageUrl}
                  fallback="/fallback/cover.svg"
                  alt=""
                  width={176}
                  height={176}
                  className="aspect-square w-full rounded-xl object-cover"
                />
                <span className="absolute top-2 left-2 rounded-md bg-background/90 px-1.5 py-0.5 font-semibold text-xs tabular-nums">
                  #{index + 1}
                </span>
              </div>
              <p className="text-muted-foreground text-xs uppercase tracking-wide">
                {KIND_LABELS[item.kind]}
              </p>
              <p className="line-clamp-2 font-medium leading-snug group-hover:underline">{item.title}</p>
              <p className="line-clamp-1 text-muted-foreground text-sm">{item.subtitle}</p>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
