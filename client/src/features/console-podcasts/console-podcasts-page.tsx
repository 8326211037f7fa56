import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageHead } from "../../components/layout/page-head";
import { readableError } from "../../lib/api/errors";
import { AddFeedForm } from "./add-feed-form";
import { consolePodcastsQuery } from "./console-podcasts.queries";
import { PodcastFeedsTable } from "./podcast-feeds-table";

/** /admin/podcasts (editors): the feeds the site reads, adding one, refreshing, flags. */
export function ConsolePodcastsPage() {
  const podcasts = useQuery(consolePodcastsQuery);
  const [status, setStatus] = useState("");
  return (
    <div className="space-y-8">
      <PageHead title="Podcasts" noindex />
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Podcasts</h1>
        <p className="mt-2 text-muted-foreground">
          The feeds the site reads every hour. A new feed is read at once; its episodes appear on the site and
          in search as soon as it is added.
        </p>
      </div>
      <section aria-labelledby="add-feed-heading" className="space-y-3">
        <h2 id="add-feed-heading" className="font-semibold text-xl">
          Add a feed
        </h2>
        <AddFeedForm onAdded={setStatus} />
      </section>
      <section aria-labelledby="feeds-heading" className="space-y-3">
        <h2 id="feeds-heading" className="font-semibold text-xl">
          Feeds
        </h2>
        <p role="status" className="font-medium text-sm">
          {status}
        </p>
        {podcasts.isPending ? (
          <p className="text-muted-foreground">Loading feeds…</p>
        ) : podcasts.isError ? (
          <p role="alert" className="text-destructive dark:text-red-400">
            The feeds could not be loaded: {readableError(podcasts.error)}
          </p>
        ) : (
          <PodcastFeedsTable podcasts={podcasts.data} onResult={setStatus} />
        )}
      </section>
    </div>
  );
}
