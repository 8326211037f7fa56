import type { CreatedSpotifyPlaylist } from "@waveform/contracts/spotify";
import { CheckCircle2 } from "lucide-react";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { Button } from "../../components/ui/button";
import { plural } from "../../lib/format";

/** What was made: the link to the new playlist, how many tracks went in, and what Spotify lacks. */
export function CreatedPlaylist({
  created,
  onAnother,
}: {
  created: CreatedSpotifyPlaylist;
  onAnother: () => void;
}) {
  return (
    <section aria-labelledby="created-heading" className="rounded-2xl border border-green-600/40 bg-card p-6">
      <h2 id="created-heading" className="flex items-center gap-2 font-semibold text-xl">
        <CheckCircle2 className="size-6 text-green-600" aria-hidden="true" />
        Playlist created
      </h2>
      <p className="mt-2">
        <span className="font-medium">{created.name}</span> is in your Spotify library with{" "}
        {plural(created.tracksAdded, "track")}.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ExternalLinkButton href={created.url}>Open in Spotify</ExternalLinkButton>
        <Button variant="outline" onClick={onAnother}>
          Create another
        </Button>
      </div>
      {created.notSearched ? (
        <p className="mt-6 text-sm">
          {plural(created.notSearched, "track")} {created.notSearched === 1 ? "was" : "were"} not looked up on
          Spotify and left out: you have made too many Spotify searches in the last 10 minutes.
        </p>
      ) : null}
      {created.notFound.length > 0 && (
        <div className="mt-6">
          <h3 className="font-semibold">Not found on Spotify ({created.notFound.length})</h3>
          <p className="text-muted-foreground text-sm">These tracks were left out of the playlist.</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {created.notFound.map((track) => (
              <li key={`${track.title}|${track.artist}`}>
                {track.title} — {track.artist}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
