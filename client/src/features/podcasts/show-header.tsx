import type { Show } from "@waveform/contracts/podcast-pages";
import { PlatformBadge } from "../../components/media/badges";
import { FallbackImage } from "../../components/media/fallback-image";
import { Badge } from "../../components/ui/badge";
import { Skeleton } from "../../components/ui/skeleton";
import { plural } from "../../lib/format";
import { PodcastRating } from "./podcast-card";

/** A show's artwork, title, host, rating, categories, frequency and description. */
export function ShowHeader({ show }: { show: Show | undefined }) {
  if (!show) {
    return (
      <div className="grid gap-6 sm:grid-cols-[240px_1fr]" aria-hidden="true">
        <Skeleton className="aspect-square w-full max-w-60 rounded-2xl" />
        <div className="space-y-3">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-6 sm:grid-cols-[240px_1fr]">
      <FallbackImage
        src={show.imageUrl}
        alt=""
        width={240}
        height={240}
        loading="eager"
        className="aspect-square w-full max-w-60 rounded-2xl object-cover shadow-sm"
      />
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <PlatformBadge platform={show.platform} />
          <PodcastRating rating={show.rating} />
        </div>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{show.title}</h1>
        <p className="text-lg text-muted-foreground">Hosted by {show.host}</p>
        <div className="flex flex-wrap gap-2">
          {show.categories.map((category) => (
            <Badge key={category} tone="outline">
              {category}
            </Badge>
          ))}
        </div>
        <p className="text-muted-foreground text-sm">
          {plural(show.episodeCount, "episode")} · {show.publishFrequency}
        </p>
        <p className="max-w-prose whitespace-pre-line leading-relaxed">{show.description}</p>
      </div>
    </div>
  );
}
