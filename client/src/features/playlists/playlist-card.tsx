import { playlistUrl } from "@waveform/contracts/playlist-links";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import { ExternalLink, Play, Share2 } from "lucide-react";
import { Link } from "react-router";
import { GenreBadge, PlatformBadge } from "../../components/media/badges";
import { FIRST_SCREEN_IMAGE } from "../../components/media/fallback-image";
import { MediaCard, MediaCardSkeleton } from "../../components/media/media-card";
import { Button } from "../../components/ui/button";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { paths } from "../../lib/paths";

async function shareLink(playlist: PlaylistReading) {
  const url = new URL(paths.playlist(playlist.id), window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    await notify("success", "Link copied", { description: `${playlist.title}: ${url}` });
  } catch {
    await notify("error", "Could not copy the link", { description: url });
  }
}

/**
 * A playlist card: cover, genre and platform badges, play, title, description, date, actions.
 * `priority`: the first card of a page's first screen, likely its largest image (LCP).
 */
export function PlaylistCard({
  playlist,
  headingLevel = 3,
  priority = false,
}: {
  playlist: PlaylistReading;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const href = paths.playlist(playlist.id);
  // Only a playlist that exists on its platform links there (see PlaylistHeader).
  const platformPage = playlistUrl(playlist.platform, playlist.platformId);
  return (
    <MediaCard
      className="group shadow-sm transition-shadow hover:shadow-md"
      image={{
        src: playlist.imageUrl,
        width: 600,
        height: 600,
        className: "transition-transform duration-300 group-hover:scale-105",
        ...(priority && FIRST_SCREEN_IMAGE),
      }}
      badges={
        <>
          <GenreBadge genre={playlist.genre} />
          <PlatformBadge platform={playlist.platform} />
        </>
      }
      overlay={
        <Link
          to={href}
          aria-label={`Play ${playlist.title}`}
          className="absolute right-3 bottom-3 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105"
        >
          <Play className="size-5 fill-current" aria-hidden="true" />
        </Link>
      }
      title={playlist.title}
      titleAs={headingLevel === 2 ? "h2" : "h3"}
      // Fixed line counts keep every card, and its skeleton, the same height (no layout shift).
      titleClassName="line-clamp-1 h-6 text-lg leading-6"
      link={{ to: href }}
    >
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
          {platformPage && (
            <Button variant="ghost" size="icon" className="size-8" asChild>
              <a
                href={platformPage}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${playlist.title} in ${playlist.platform} (new tab)`}
              >
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          )}
        </div>
      </div>
    </MediaCard>
  );
}

export function PlaylistCardSkeleton() {
  return (
    <MediaCardSkeleton data-testid="playlist-skeleton" lines={["h-6 w-3/4", "h-10 w-full", "h-8 w-1/2"]} />
  );
}
