import { playlistUrl } from "@waveform/contracts/playlist-links";
import type { PlaylistReading } from "@waveform/contracts/playlists";
import type { ReactNode } from "react";
import { GenreBadge, PlatformBadge } from "../../components/media/badges";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { FallbackImage } from "../../components/media/fallback-image";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate, plural } from "../../lib/format";

/**
 * A playlist page's head: cover, badges, title (the page's h1), description, curator line and the
 * links out: 'Open in <platform>' when the playlist exists there (it has a platform id), never a
 * search for a title no platform has. While `playlist` is loading, skeletons hold the same places.
 * `actions` are buttons from other features (Save to Spotify), placed after it.
 */
export function PlaylistHeader({
  playlist,
  actions,
}: {
  playlist: PlaylistReading | undefined;
  actions?: ReactNode;
}) {
  const platformPage = playlist ? playlistUrl(playlist.platform, playlist.platformId) : null;
  return (
    <div className="grid gap-8 md:grid-cols-[280px_1fr]" aria-busy={!playlist}>
      {!playlist ? (
        <Skeleton className="aspect-square w-full rounded-2xl" />
      ) : (
        <FallbackImage
          src={playlist.imageUrl}
          alt={`Cover of ${playlist.title}`}
          width={600}
          height={600}
          loading="eager"
          fetchPriority="high"
          className="aspect-square w-full rounded-2xl object-cover shadow-lg"
        />
      )}
      <div className="flex flex-col justify-end gap-4">
        {!playlist ? (
          <>
            <h1 className="sr-only">Playlist</h1>
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-5 w-full" />
          </>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              <GenreBadge genre={playlist.genre} />
              <PlatformBadge platform={playlist.platform} />
              {playlist.isNew && <span className="font-semibold text-primary text-xs">New</span>}
            </div>
            <h1 className="font-extrabold text-4xl tracking-tight">{playlist.title}</h1>
            <p className="text-lg text-muted-foreground">{playlist.description}</p>
            <p className="text-muted-foreground text-sm">
              Curated by <span className="font-medium text-foreground">{playlist.curator}</span> ·{" "}
              {plural(playlist.trackCount, "track")} · Updated {formatDate(playlist.updatedAt)}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              {platformPage && (
                <ExternalLinkButton href={platformPage}>Open in {playlist.platform}</ExternalLinkButton>
              )}
              {actions}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
