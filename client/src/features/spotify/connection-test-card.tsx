import { useMutation } from "@tanstack/react-query";
import type { TestSpotifyConnectionResponse } from "@waveform/contracts/spotify";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { notify } from "../../lib/notify";
import { runSpotifyConnectionTest } from "./spotify.queries";

/** How a test went: `ok` comes from the answer's `success` (or a thrown request), never from the text. */
interface Outcome {
  ok: boolean;
  text: string;
}

/** The result text and toast for an answered test. */
function answered(result: TestSpotifyConnectionResponse): Outcome {
  if (result.success) {
    void notify("success", "Success!", { description: "Spotify connection is working correctly!" });
    return { ok: true, text: "Connected! Spotify API is working correctly." };
  }
  void notify("error", "Connection failed", {
    description: result.error || "Failed to connect to Spotify API",
  });
  return { ok: false, text: `Error: ${result.error || "Unknown error occurred"}` };
}

/** The result text and toast when the test request itself fails. */
function thrown(error: Error): Outcome {
  console.error("Spotify connection test failed", error);
  void notify("error", "Connection error", { description: "Failed to test Spotify connection" });
  return { ok: false, text: "Error connecting to Spotify API. Check console for details." };
}

/** 'Test API Connection': 'Test Connection' ('Testing...' while busy) and a red or green result box. */
export function ConnectionTestCard() {
  // The last outcome stays on screen while the next test runs.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const test = useMutation({
    mutationFn: runSpotifyConnectionTest,
    onSuccess: (result) => setOutcome(answered(result)),
    onError: (error) => setOutcome(thrown(error)),
  });
  return (
    <section aria-labelledby="test-api-heading" className="rounded-2xl border bg-card p-6">
      <h2 id="test-api-heading" className="font-semibold text-xl">
        Test API Connection
      </h2>
      <p className="mt-2 text-muted-foreground text-sm">
        Calls Spotify with your connection to check that everything works end to end.
      </p>
      <Button className="mt-4" disabled={test.isPending} onClick={() => test.mutate()}>
        {test.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {test.isPending ? "Testing..." : "Test Connection"}
      </Button>
      <div aria-live="polite">
        {outcome && (
          <p
            data-testid="connection-result"
            data-outcome={outcome.ok ? "success" : "error"}
            className={cn(
              "mt-4 rounded-lg border p-4 text-sm",
              outcome.ok
                ? "border-green-600/50 bg-green-600/10 text-green-800 dark:text-green-300"
                : "border-red-600/50 bg-red-600/10 text-red-800 dark:text-red-300",
            )}
          >
            {outcome.text}
          </p>
        )}
      </div>
    </section>
  );
}
