import { useQuery } from "@tanstack/react-query";
import type { Advertisement } from "@waveform/contracts/ads";
import { type ReactNode, useState } from "react";
import { PageHead } from "../../components/layout/page-head";
import { readableError } from "../../lib/api/errors";
import { AdForm } from "./ad-form";
import { AdsTable } from "./ads-table";
import { consoleAdsQuery } from "./console-ads.queries";

/** /admin/ads (admins): schedule an advertisement with a live preview, list them, end one now. */
export function ConsoleAdsPage({ renderPreview }: { renderPreview: (ad: Advertisement) => ReactNode }) {
  const ads = useQuery(consoleAdsQuery);
  // Each outcome is said where it happened: under the form, and above the table.
  const [scheduled, setScheduled] = useState("");
  const [status, setStatus] = useState("");
  return (
    <div className="space-y-8">
      <PageHead title="Advertisements" noindex />
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Advertisements</h1>
        <p className="mt-2 text-muted-foreground">
          The home page shows the live advertisement with the highest weight. Changes show on the site at
          once.
        </p>
      </div>
      <section aria-labelledby="schedule-heading" className="space-y-4">
        <h2 id="schedule-heading" className="font-semibold text-xl">
          Schedule an advertisement
        </h2>
        <AdForm renderPreview={renderPreview} status={scheduled} onScheduled={setScheduled} />
      </section>
      <section aria-labelledby="ads-heading" className="space-y-3">
        <h2 id="ads-heading" className="font-semibold text-xl">
          All advertisements
        </h2>
        <p role="status" className="font-medium text-sm">
          {status}
        </p>
        {ads.isPending ? (
          <p className="text-muted-foreground">Loading advertisements…</p>
        ) : ads.isError ? (
          <p role="alert" className="text-destructive dark:text-red-400">
            The advertisements could not be loaded: {readableError(ads.error)}
          </p>
        ) : (
          <AdsTable ads={ads.data} onResult={setStatus} />
        )}
      </section>
    </div>
  );
}
