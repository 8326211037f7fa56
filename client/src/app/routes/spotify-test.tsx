import { useQuery } from "@tanstack/react-query";
import { SPOTIFY_CALLBACK_PATH } from "@waveform/contracts/spotify-links";
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { PageShell } from "../../components/layout/page-shell";
import { AuthStatusCard } from "../../features/spotify/auth-status-card";
import { ConnectSpotifyButton } from "../../features/spotify/connect-spotify-button";
import { ConnectionTestCard } from "../../features/spotify/connection-test-card";
import { spotifyAuthQuery } from "../../features/spotify/spotify.queries";
import { useDisconnect } from "../../features/spotify/use-disconnect";
import { paths } from "../../lib/paths";
import { siteOrigin } from "../../lib/site-config";

const noChanges = () => () => {};
/** The origin this page was opened at: the browser's own (the server only knows PUBLIC_URL). */
function useOpenedOrigin(): string {
  return useSyncExternalStore(noChanges, () => window.location.origin, siteOrigin);
}

function Address({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-medium text-sm">{label}</dt>
      <dd className="mt-1 break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">{value}</dd>
    </div>
  );
}

/** Spotify Test: addresses to register, the connection status, connect, and an API test. */
export function Component() {
  const auth = useQuery(spotifyAuthQuery);
  const disconnect = useDisconnect();
  const location = useLocation();
  const openedOrigin = useOpenedOrigin();

  useEffect(() => {
    // A failed status check is logged only: the card then says 'Not connected to Spotify'.
    if (auth.error) console.error("Spotify authentication check failed", auth.error);
  }, [auth.error]);

  return (
    <PageShell
      title="Spotify Connection Test"
      lead="Check that this site can reach Spotify with your account before you create playlists."
    >
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="addresses-heading" className="rounded-2xl border bg-card p-6 lg:col-span-2">
          <h2 id="addresses-heading" className="font-semibold text-xl">
            Addresses
          </h2>
          <dl className="mt-4 grid gap-4 md:grid-cols-2">
            <Address
              label="Redirect address (register this in your Spotify app)"
              value={`${siteOrigin()}${SPOTIFY_CALLBACK_PATH}`}
            />
            <Address
              label="Current page address"
              value={`${openedOrigin}${location.pathname}${location.search}`}
            />
          </dl>
        </section>
        <AuthStatusCard
          status={auth.data}
          checking={auth.isFetching}
          onRefresh={() => void auth.refetch()}
          onDisconnect={disconnect}
        />
        <section aria-labelledby="connect-heading" className="rounded-2xl border bg-card p-6">
          <h2 id="connect-heading" className="font-semibold text-xl">
            Connect
          </h2>
          <p className="mt-2 text-muted-foreground text-sm">
            Signs you in with Spotify and brings you back to this page.
          </p>
          <div className="mt-4">
            <ConnectSpotifyButton
              returnTo={paths.spotifyTest}
              label={auth.data?.authenticated ? "Reconnect with Spotify" : "Connect with Spotify"}
              size="default"
            />
          </div>
        </section>
        <div className="lg:col-span-2">
          <ConnectionTestCard />
        </div>
      </div>
    </PageShell>
  );
}
