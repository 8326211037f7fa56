import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsolePodcast, PodcastFlagsInput } from "@waveform/contracts/console-podcasts";
import { RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import { consolePodcastsQuery, refreshPodcastFeed, setPodcastFlags } from "./console-podcasts.queries";

const replaceIn = (list: ConsolePodcast[] | undefined, podcast: ConsolePodcast) =>
  list?.map((item) => (item.id === podcast.id ? podcast : item));

/**
 * Every feed with its last read, last error and episode count; 'Refresh now' and the featured and
 * trending flags per feed. The outcome of each action goes to `onResult`, for the page's status line.
 */
export function PodcastFeedsTable({
  podcasts,
  onResult,
}: {
  podcasts: ConsolePodcast[];
  onResult: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const store = (podcast: ConsolePodcast) =>
    queryClient.setQueryData(consolePodcastsQuery.queryKey, (list) => replaceIn(list, podcast));
  const refresh = useMutation({
    mutationFn: refreshPodcastFeed,
    onSuccess: ({ podcast, result }) => {
      store(podcast);
      onResult(result.message);
    },
    onError: (error) => onResult(`The feed was not refreshed: ${readableError(error)}`),
  });
  const flags = useMutation({
    mutationFn: ({ id, change }: { id: number; change: PodcastFlagsInput }) => setPodcastFlags(id, change),
    onSuccess: ({ podcast }) => {
      store(podcast);
      onResult(
        `"${podcast.title}" is ${podcast.isFeatured ? "featured" : "not featured"} and ${podcast.isTrending ? "trending" : "not trending"}.`,
      );
    },
    onError: (error) => onResult(`The flags were not saved: ${readableError(error)}`),
  });

  if (podcasts.length === 0)
    return <p className="text-muted-foreground">No feeds yet: add the first one above.</p>;
  return (
    <TableRegion label="Feeds table">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Podcast feeds</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Podcast
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Episodes
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last read
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last error
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Featured
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Trending
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {podcasts.map((podcast) => {
            const busy = refresh.isPending && refresh.variables === podcast.id;
            return (
              <tr key={podcast.id} className="border-t align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  <span className="block">{podcast.title}</span>
                  <span className="block break-all font-normal text-muted-foreground text-xs">
                    {podcast.feedUrl}
                  </span>
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{podcast.episodeCount}</td>
                <td className="whitespace-nowrap px-3 py-2">{consoleTime(podcast.lastFetchedAt)}</td>
                <td className="max-w-[16rem] px-3 py-2 text-destructive dark:text-red-400">
                  {podcast.lastError ?? <span className="text-muted-foreground">None</span>}
                </td>
                {(["isFeatured", "isTrending"] as const).map((flag) => (
                  <td key={flag} className="px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-5 accent-[var(--primary)]"
                      aria-label={`${flag === "isFeatured" ? "Featured" : "Trending"}: ${podcast.title}`}
                      checked={podcast[flag]}
                      disabled={flags.isPending}
                      onChange={(event) =>
                        flags.mutate({ id: podcast.id, change: { [flag]: event.target.checked } })
                      }
                    />
                  </td>
                ))}
                <td className="px-3 py-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    aria-label={`Refresh now: ${podcast.title}`}
                    onClick={() => refresh.mutate(podcast.id)}
                  >
                    <RefreshCw
                      className={busy ? "animate-spin motion-reduce:animate-none" : undefined}
                      aria-hidden="true"
                    />
                    {busy ? "Reading…" : "Refresh now"}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}
