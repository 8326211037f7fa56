import { ShieldCheck } from "lucide-react";
import { ConnectSpotifyButton } from "./connect-spotify-button";
import { SpotifyIcon } from "./spotify-icon";

/** The Playlist Creator's card for visitors who have not connected. */
export function ConnectCard({ returnTo, checking }: { returnTo: string; checking: boolean }) {
  return (
    <section
      aria-labelledby="connect-heading"
      className="mx-auto mt-10 max-w-xl rounded-2xl border bg-card p-8 text-center shadow-sm"
    >
      <SpotifyIcon className="mx-auto size-12 text-[#1DB954]" />
      <h2 id="connect-heading" className="mt-4 font-bold text-2xl">
        Connect with Spotify
      </h2>
      <p className="mt-3 text-muted-foreground">
        To create custom playlists, connect your Spotify account. We save the playlists you make here straight
        into your library.
      </p>
      <div className="mt-6">
        <ConnectSpotifyButton returnTo={returnTo} disabled={checking} />
      </div>
      <p className="mt-6 flex items-start justify-center gap-2 text-muted-foreground text-sm">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        We only create playlists with your permission, and you can revoke access at any time.
      </p>
    </section>
  );
}
