import { Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { type Download, loadDownloader, useDownloads } from "../offline";
import type { PlayerEpisode } from "../player";
import { formatBytes } from "./format-bytes";

/** Storage used and left on this device, once the browser says (it is asked again as downloads change). */
function useStorageEstimate(downloads: readonly Download[]) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    if (downloads.length === 0) return;
    let current = true;
    void loadDownloader()
      .then(({ storageEstimate }) => storageEstimate())
      .then((value) => {
        if (current) setEstimate(value);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [downloads]);
  return estimate;
}

/** The podcasts feature's play button, given by the route (features do not import each other). */
export type PlayButton = (episode: PlayerEpisode, title: string) => ReactNode;

function DownloadRow({ download, playButton }: { download: Download; playButton: PlayButton }) {
  const { episode } = download;
  const title = episode.title;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      {playButton(episode, title)}
      <div className="min-w-0 flex-1">
        {episode.showSlug ? (
          <Link
            to={paths.episode(episode.showSlug, episode.id)}
            className="line-clamp-2 font-medium hover:underline"
          >
            {title}
          </Link>
        ) : (
          <p className="line-clamp-2 font-medium">{title}</p>
        )}
        <p className="text-muted-foreground text-sm">
          {episode.showTitle ? `${episode.showTitle} · ` : ""}
          {formatBytes(download.bytes)}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void loadDownloader().then(({ removeDownload }) => removeDownload(episode))}
        aria-label={`Remove download of ${title}`}
        className="flex size-10 shrink-0 items-center justify-center rounded-full border hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * The episodes downloaded on this device, on /podcasts (decision 0026): each plays from the device
 * (offline too: the service worker answers from the downloads), with its size and a Remove; and the
 * storage used and left. Nothing when there are none (the server renders nothing either).
 */
export function DownloadsSection({ playButton }: { playButton: PlayButton }) {
  const downloads = useDownloads();
  const estimate = useStorageEstimate(downloads);
  if (downloads.length === 0) return null;
  const total = downloads.reduce((sum, d) => sum + d.bytes, 0);
  return (
    <section aria-labelledby="downloads-heading" className="mt-8 mb-10">
      <h2 id="downloads-heading" className="mb-1 font-bold text-2xl">
        Your downloads
      </h2>
      <p className="mb-4 text-muted-foreground text-sm">
        {downloads.length === 1 ? "1 episode" : `${downloads.length} episodes`} · {formatBytes(total)} on this
        device
        {estimate && (
          <>
            {" "}
            · storage used {formatBytes(estimate.usage)},{" "}
            {formatBytes(Math.max(0, estimate.quota - estimate.usage))} left
          </>
        )}
      </p>
      <ul className="divide-y rounded-xl border">
        {downloads.map((download) => (
          <DownloadRow key={download.episode.id} download={download} playButton={playButton} />
        ))}
      </ul>
    </section>
  );
}
