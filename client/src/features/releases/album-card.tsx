import type { Album } from "@waveform/contracts/releases";
import { PlatformBadge } from "../../components/media/badges";
import { FallbackImage } from "../../components/media/fallback-image";
import { Badge } from "../../components/ui/badge";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate, plural } from "../../lib/format";

export function AlbumCard({ album }: { album: Album }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="relative aspect-square overflow-hidden">
        <FallbackImage
          src={album.imageUrl}
          alt=""
          width={600}
          height={600}
          className="size-full object-cover"
        />
        <div className="absolute top-3 left-3 flex gap-1.5">
          {album.isNew && <Badge tone="primary">New</Badge>}
          <PlatformBadge platform={album.platform} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold leading-tight">
          <a href={album.externalUrl} target="_blank" rel="noopener noreferrer" className="hover:underline">
            {album.title}
            <span className="sr-only"> (opens {album.platform} in a new tab)</span>
          </a>
        </h3>
        <p className="text-muted-foreground text-sm">{album.artist}</p>
        <p className="mt-auto pt-2 text-muted-foreground text-xs">
          {formatDate(album.releaseDate)} · {plural(album.trackCount, "track")}
        </p>
      </div>
    </article>
  );
}

export function AlbumCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-square rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}
