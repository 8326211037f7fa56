import { useEffect, useRef } from "react";
import type { Chapter } from "./chapters";
import { player } from "./player";
import type { PlayerState } from "./player-types";
import { nextChapterOrEpisode, previousChapterOrStart } from "./up-next";

const SKIP_BACK = 15;
const SKIP_FORWARD = 30;

/** The artwork's type, from its address (the club's art is SVG), so the system can pick. */
const artworkType = (src: string) =>
  /\.svg(\?|$)/.test(src) ? "image/svg+xml" : /\.png(\?|$)/.test(src) ? "image/png" : "image/jpeg";

/**
 * Tells the system what is playing (lock screen, headphones' buttons, the browser's media hub):
 * title, show as artist, the chapter as album, artwork, and handlers that drive the same player:
 * play/pause, seek back/forward/to, and previous/next track as previous/next chapter (falling back
 * to the episode's start and to the next episode of Up next).
 */
export function useMediaSession(
  { episode, playing, position, duration, rate }: PlayerState,
  chapters: readonly Chapter[],
  chapterTitle: string | null,
) {
  const session = typeof navigator !== "undefined" ? navigator.mediaSession : undefined;
  const chaptersRef = useRef(chapters);
  chaptersRef.current = chapters;

  useEffect(() => {
    if (!session || !episode) return;
    const src = new URL(episode.artworkUrl, location.href).href;
    session.metadata = new MediaMetadata({
      title: episode.title,
      artist: episode.showTitle,
      album: chapterTitle ?? "",
      artwork: [{ src, sizes: "512x512", type: artworkType(src) }],
    });
  }, [session, episode, chapterTitle]);

  useEffect(() => {
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => player.play()],
      ["pause", () => player.pause()],
      ["seekbackward", (details) => player.skip(-(details.seekOffset ?? SKIP_BACK))],
      ["seekforward", (details) => player.skip(details.seekOffset ?? SKIP_FORWARD)],
      ["seekto", (details) => player.seek(details.seekTime ?? 0)],
      ["previoustrack", () => previousChapterOrStart(chaptersRef.current)],
      ["nexttrack", () => void nextChapterOrEpisode(chaptersRef.current)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {}
      }
      session.metadata = null;
      session.playbackState = "none";
    };
  }, [session]);

  useEffect(() => {
    if (session) session.playbackState = playing ? "playing" : "paused";
  }, [session, playing]);

  // Whole seconds: the system's clock runs on by itself between updates.
  const second = Math.floor(position);
  useEffect(() => {
    if (!session?.setPositionState || duration === null) return;
    try {
      session.setPositionState({ duration, playbackRate: rate, position: Math.min(second, duration) });
    } catch {
      // A length the system refuses (0, not finite).
    }
  }, [session, second, duration, rate]);
}
