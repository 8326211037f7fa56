import type { CheckAuthResponse } from "@waveform/contracts/spotify";
import { AlertTriangle, CheckCircle2, Loader2, RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button";

/** Spotify Test's 'Authentication Status' card: loading, connected, or not. */
export function AuthStatusCard({
  status,
  checking,
  onRefresh,
  onDisconnect,
}: {
  status: CheckAuthResponse | undefined;
  checking: boolean;
  onRefresh: () => void;
  onDisconnect: () => void;
}) {
  return (
    <section aria-labelledby="auth-status-heading" className="rounded-2xl border bg-card p-6">
      <h2 id="auth-status-heading" className="font-semibold text-xl">
        Authentication Status
      </h2>
      <div className="mt-4" role="status">
        {checking ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
            Checking authentication status...
          </p>
        ) : status?.authenticated ? (
          <div className="rounded-lg border border-green-600/40 bg-green-600/10 p-4">
            <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
              <CheckCircle2 className="size-5" aria-hidden="true" />
              Connected to Spotify
            </p>
            {status.displayName && (
              <p className="mt-1 text-sm">
                Logged in as <span className="font-medium">{status.displayName}</span>
              </p>
            )}
          </div>
        ) : (
          <div className="rounded-lg border border-yellow-500/50 bg-yellow-400/15 p-4">
            <p className="flex items-center gap-2 font-semibold text-yellow-900 dark:text-yellow-200">
              <AlertTriangle className="size-5" aria-hidden="true" />
              Not connected to Spotify
            </p>
            <p className="mt-1 text-sm">Click 'Connect with Spotify' below to sign in with your account.</p>
          </div>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="outline" onClick={onRefresh} disabled={checking}>
          <RefreshCw aria-hidden="true" />
          Refresh Status
        </Button>
        {status?.authenticated && (
          <Button variant="ghost" onClick={onDisconnect}>
            Disconnect
          </Button>
        )}
      </div>
    </section>
  );
}
