import { useQuery } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { ConnectSpotifyButton } from "./connect-spotify-button";
import { musicConnectionQuery } from "./spotify.queries";

/**
 * The music hub's connection status: the connect button is disabled while the check
 * loads and replaced by 'Connected to Spotify' once it succeeds; a failed check stays silent.
 */
export function HubConnection({ returnTo }: { returnTo: string }) {
  const { data, isPending } = useQuery(musicConnectionQuery);
  if (data?.success) {
    return (
      <p
        role="status"
        className="inline-flex items-center gap-2 font-semibold text-green-700 dark:text-green-400"
      >
        <CheckCircle2 className="size-5" aria-hidden="true" />
        Connected to Spotify
      </p>
    );
  }
  return <ConnectSpotifyButton returnTo={returnTo} disabled={isPending} />;
}
