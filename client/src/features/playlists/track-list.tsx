import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import { trackUrl } from "@waveform/contracts/listening-services";
import type { Track } from "@waveform/contracts/playlists";
import { OpenInService } from "../../components/media/open-in-service";
import { ServicePicker } from "../../components/media/service-picker";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDuration } from "../../lib/format";

/**
 * The tracks of a playlist as a real table: number, title, artist, duration, and where to listen
 * (the visitor's service, else the playlist's own platform).
 */
function TrackList({ tracks, platform }: { tracks: Track[]; platform: PlaylistPlatform }) {
  const total = tracks.reduce((sum, track) => sum + track.durationSeconds, 0);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Tracks</caption>
      <thead className="border-b text-muted-foreground">
        <tr>
          <th scope="col" className="w-10 py-2 pr-2 font-medium">
            #
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            Title
          </th>
          <th scope="col" className="hidden py-2 pr-2 font-medium sm:table-cell">
            Artist
          </th>
          <th scope="col" className="py-2 pr-2 text-right font-medium">
            Duration
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            <span className="sr-only">Listen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track) => (
          <tr
            key={track.position}
            id={`track-${track.position}`}
            className="scroll-mt-28 border-b last:border-0 hover:bg-muted/50 target:bg-primary/10"
          >
            <td className="py-3 pr-2 text-muted-foreground tabular-nums">{track.position}</td>
            <td className="py-3 pr-2">
              <span className="font-medium">{track.title}</span>
              <span className="block text-muted-foreground sm:hidden">{track.artist}</span>
            </td>
            <td className="hidden py-3 pr-2 text-muted-foreground sm:table-cell">{track.artist}</td>
            <td className="py-3 pr-2 text-right text-muted-foreground tabular-nums">
              {formatDuration(track.durationSeconds)}
            </td>
            <td className="py-1 text-right">
              <OpenInService
                itemName={`${track.title} by ${track.artist}`}
                fallback={platform}
                urlFor={(service) => trackUrl(service, track)}
              />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={5} className="pt-3 text-right text-muted-foreground">
            Total {formatDuration(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The playlist page's 'Tracks' section; eight bars while the playlist loads. */
export function PlaylistTracks({
  tracks,
  platform,
}: {
  tracks: Track[] | undefined;
  platform: PlaylistPlatform | undefined;
}) {
  return (
    <section aria-labelledby="tracks-heading" className="mt-12">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h2 id="tracks-heading" className="font-bold text-2xl">
          Tracks
        </h2>
        <ServicePicker />
      </div>
      {!tracks ? (
        <div className="space-y-3">
          {Array.from({ length: 8 }, (_, index) => `row-${index}`).map((key) => (
            <Skeleton key={key} className="h-8 w-full" />
          ))}
        </div>
      ) : (
        <TrackList tracks={tracks} platform={platform ?? "Spotify"} />
      )}
    </section>
  );
}
