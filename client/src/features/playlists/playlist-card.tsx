import type { Playlist } from "@waveform/contracts/playlists";
import { ExternalLink, Play, Share2 } from "lucide-react";
import { Link } from "react-router";
import { GenreBadge, PlatformBadge } from "../../components/media/badges";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { paths } from "../../lib/paths";

async function shareLink(playlist: Playlist) {
  const url = new URL(paths.playlist(playlist.id), window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    await notify("success", "Link copied", { description: `${playlist.title}: ${url}` });
  } catch {
    await notify("error", "Could not copy the link", { description: url });
  }
}

/** SPEC §2 playlist card: cover, genre and platform badges, play, title, description, date, actions. */
export function PlaylistCard({ playlist, headingLevel = 3 }: { playlist: Playlist; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = paths.playlist(playlist.id);
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-square overflow-hidden">
        <FallbackImage
          src={playlist.imageUrl}
          alt=""
          width={600}
          height={600}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <GenreBadge genre={playlist.genre} />
          <PlatformBadge platform={playlist.platform} />
        </div>
        <Link
          to={href}
          aria-label={`Play ${playlist.title}`}
          className="absolute right-3 bottom-3 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105"
        >
          <Play className="size-5 fill-current" aria-hidden="true" />
        </Link>
      </div>
      {/* Fixed line counts keep every card, and its skeleton, the same height (no layout shift). */}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-1 h-6 font-semibold text-lg leading-6">
          <Link to={href} className="hover:underline">
            {playlist.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 h-10 text-muted-foreground text-sm leading-5">{playlist.description}</p>
        <div className="mt-auto flex h-8 items-center justify-between gap-2">
          <p className="text-muted-foreground text-xs">Updated {formatDate(playlist.updatedAt)}</p>
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Share ${playlist.title}`}
              onClick={() => shareLink(playlist)}
            >
              <Share2 aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" className="size-8" asChild>
              <a
                href={playlist.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${playlist.title} in ${playlist.platform} (new tab)`}
              >
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

export function PlaylistCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card" data-testid="playlist-skeleton">
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-8 w-1/2" />
      </div>
    </div>
  );
}
