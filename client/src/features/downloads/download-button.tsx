import { useEffect, useRef, useState } from "react";
import { loadDownloader, type Progress, useDownloads } from "../offline";
import type { PlayerEpisode } from "../player";
import { formatBytes } from "./format-bytes";

type State =
  | { kind: "idle" }
  | { kind: "downloading"; progress: Progress }
  | { kind: "failed"; message: string };

const BUTTON =
  "inline-flex h-9 items-center gap-2 rounded-md border px-3 font-medium text-sm hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * (No icons: each would be a script of its own in the episode page's first load.)
 *
 * Download / progress / "Downloaded · size" and Remove, for one episode (decision 0026). Nothing for
 * an episode whose audio is on another site (it cannot be fetched into the cache).
 */
export function DownloadButton({ episode, title }: { episode: PlayerEpisode; title: string }) {
  const downloads = useDownloads();
  const saved = downloads.find((d) => d.episode.id === episode.id);
  const [state, setState] = useState<State>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  if (!episode.audioUrl.startsWith("/media/podcasts/")) return null;

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "downloading", progress: { loaded: 0, total: null } });
    try {
      const { downloadEpisode } = await loadDownloader();
      await downloadEpisode(episode, {
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: "downloading", progress }),
      });
      setState({ kind: "idle" });
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: "idle" });
      else setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    } finally {
      abort.current = null;
    }
  };
  const remove = async () => {
    const { removeDownload } = await loadDownloader();
    await removeDownload(episode);
  };

  if (saved && state.kind !== "downloading") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">Downloaded · {formatBytes(saved.bytes)}</p>
        <button type="button" onClick={remove} className={BUTTON} aria-label={`Remove download of ${title}`}>
          Remove download
        </button>
      </div>
    );
  }
  if (state.kind === "downloading") {
    const { loaded, total } = state.progress;
    return (
      <div className="flex flex-wrap items-center gap-3">
        <progress
          className="h-2 w-40 accent-primary"
          max={total ?? undefined}
          value={total ? loaded : undefined}
          aria-label={`Downloading ${title}`}
        />
        <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
          {total ? `${formatBytes(loaded)} of ${formatBytes(total)}` : formatBytes(loaded)}
        </p>
        <button type="button" onClick={() => abort.current?.abort()} className={BUTTON}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={start} className={BUTTON} aria-label={`Download ${title}`}>
        Download
      </button>
      {state.kind === "failed" && (
        <p role="alert" className="text-destructive text-sm dark:text-red-400">
          {state.message}
        </p>
      )}
    </div>
  );
}
