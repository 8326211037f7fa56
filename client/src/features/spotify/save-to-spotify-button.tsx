import { useMutation, useQueryClient } from "@tanstack/react-query";
import { spotifyAuthorizeUrl } from "@waveform/contracts/spotify-links";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { Button } from "../../components/ui/button";
import { ApiRequestError, readableError } from "../../lib/api/errors";
import { plural } from "../../lib/format";
import { notify } from "../../lib/notify";
import { saveSpotifyPlaylist, spotifyAuthQuery } from "./spotify.queries";
import { SpotifyIcon } from "./spotify-icon";

/**
 * 'Save to Spotify' on a playlist page: copies the playlist into the visitor's account, or, when not
 * connected, connects first and comes back here. Whether the visitor is connected is asked on the
 * first click, not when the page loads: reading the answer loads and builds the Spotify contract's
 * schemas, 110–140 ms of a phone's main thread while the page starts (decision 0019).
 */
export function SaveToSpotifyButton({
  playlistId,
  title,
  path,
}: {
  playlistId: number;
  title: string;
  path: string;
}) {
  const queryClient = useQueryClient();
  // Set while asking whether the visitor is connected.
  const [checking, setChecking] = useState(false);
  // Set when the browser is on its way to Spotify to connect first; the page is left behind.
  const [connecting, setConnecting] = useState(false);
  const [savedUrl, setSavedUrl] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      saveSpotifyPlaylist({ name: title, public: false, source: { kind: "playlist", playlistId } }),
    onSuccess: (created) => {
      setSavedUrl(created.url);
      const missing = created.notFound.length;
      const unsearched = created.notSearched ?? 0;
      void notify("success", "Saved to Spotify", {
        description: `${plural(created.tracksAdded, "track")} added to “${created.name}”${
          missing ? `; ${missing} not found on Spotify` : ""
        }${unsearched ? `; ${unsearched} not looked up (too many Spotify searches in the last 10 minutes)` : ""}.`,
      });
    },
    onError: async (error) => {
      if (error instanceof ApiRequestError && error.status === 401) {
        await queryClient.invalidateQueries({ queryKey: ["spotify"] });
      }
      void notify("error", "Could not save to Spotify", { description: readableError(error) });
    },
  });
  const saving = checking || connecting || save.isPending;

  const onClick = async () => {
    setChecking(true);
    // A status that cannot be read counts as not connected: connecting says what went wrong.
    const auth = await queryClient.fetchQuery(spotifyAuthQuery).catch(() => null);
    setChecking(false);
    if (auth?.authenticated) {
      save.mutate();
      return;
    }
    setConnecting(true);
    window.location.assign(spotifyAuthorizeUrl(path));
  };

  return (
    <>
      <Button variant="outline" disabled={saving} onClick={onClick}>
        {saving ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <SpotifyIcon />}
        {saving ? "Saving..." : "Save to Spotify"}
      </Button>
      {savedUrl && (
        <ExternalLinkButton href={savedUrl} variant="link">
          Open your copy in Spotify
        </ExternalLinkButton>
      )}
    </>
  );
}
