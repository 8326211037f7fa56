import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { notify } from "../../lib/notify";
import { runSpotifyConnectionTest } from "./spotify.queries";

/** The result text and toast for each outcome of a connection test (SPEC §8). */
async function testConnection(): Promise<string> {
  try {
    const result = await runSpotifyConnectionTest();
    if (result.success) {
      void notify("success", "Success!", { description: "Spotify connection is working correctly!" });
      return "Connected! Spotify API is working correctly.";
    }
    void notify("error", "Connection failed", {
      description: result.error || "Failed to connect to Spotify API",
    });
    return `Error: ${result.error || "Unknown error occurred"}`;
  } catch (error) {
    console.error("Spotify connection test failed", error);
    void notify("error", "Connection error", { description: "Failed to test Spotify connection" });
    return "Error connecting to Spotify API. Check console for details.";
  }
}

/** 'Test API Connection': 'Test Connection' ('Testing...' while busy) and a red or green result box. */
export function ConnectionTestCard() {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const failed = result?.includes("Error") ?? false;
  return (
    <section aria-labelledby="test-api-heading" className="rounded-2xl border bg-card p-6">
      <h2 id="test-api-heading" className="font-semibold text-xl">
        Test API Connection
      </h2>
      <p className="mt-2 text-muted-foreground text-sm">
        Calls Spotify with your connection to check that everything works end to end.
      </p>
      <Button
        className="mt-4"
        disabled={testing}
        onClick={async () => {
          setTesting(true);
          setResult(await testConnection());
          setTesting(false);
        }}
      >
        {testing && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {testing ? "Testing..." : "Test Connection"}
      </Button>
      <div aria-live="polite">
        {result && (
          <p
            data-testid="connection-result"
            data-outcome={failed ? "error" : "success"}
            className={cn(
              "mt-4 rounded-lg border p-4 text-sm",
              failed
                ? "border-red-600/50 bg-red-600/10 text-red-800 dark:text-red-300"
                : "border-green-600/50 bg-green-600/10 text-green-800 dark:text-green-300",
            )}
          >
            {result}
          </p>
        )}
      </div>
    </section>
  );
}
