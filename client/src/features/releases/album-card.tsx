import { albumUrl } from "@waveform/contracts/listening-services";
import type { AlbumReading } from "@waveform/contracts/releases";
import { PlatformBadge } from "../../components/media/badges";
import { MediaCard, MediaCardSkeleton } from "../../components/media/media-card";
import { OpenInService } from "../../components/media/open-in-service";
import { Badge } from "../../components/ui/badge";
import { formatDate, plural } from "../../lib/format";

export function AlbumCard({ album }: { album: AlbumReading }) {
  return (
    <MediaCard
      className="shadow-sm"
      image={{ src: album.imageUrl, width: 600, height: 600 }}
      badges={
        <>
          {album.isNew && <Badge tone="primary">New</Badge>}
          <PlatformBadge platform={album.platform} />
        </>
      }
      title={album.title}
      titleClassName="leading-tight"
      link={{ href: album.externalUrl, newTabNote: `opens ${album.platform} in a new tab` }}
      subtitle={album.artist}
      bodyClassName="gap-1"
    >
      <p className="mt-auto pt-2 text-muted-foreground text-xs">
        {formatDate(album.releaseDate)} · {plural(album.trackCount, "track")}
      </p>
      <OpenInService
        itemName={`${album.title} by ${album.artist}`}
        fallback={album.platform}
        urlFor={(service) => albumUrl(service, album)}
        align="start"
      />
    </MediaCard>
  );
}

export function AlbumCardSkeleton() {
  return <MediaCardSkeleton lines={["h-5 w-2/3", "h-4 w-1/2"]} />;
}
