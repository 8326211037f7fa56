import { useEffect } from "react";
import { player } from "../../lib/player/player";
import type { PlayerState } from "../../lib/player/player-types";

const SKIP_BACK = 15;
const SKIP_FORWARD = 30;

/**
 * Tells the system what is playing (lock screen, headphones' buttons, the browser's media hub):
 * title, show as artist, artwork, and play/pause/seek handlers that drive the same player.
 */
export function useMediaSession({ episode, playing, position, duration, rate }: PlayerState) {
  const session = typeof navigator !== "undefined" ? navigator.mediaSession : undefined;

  useEffect(() => {
    if (!session || !episode) return;
    session.metadata = new MediaMetadata({
      title: episode.title,
      artist: episode.showTitle,
      artwork: [{ src: new URL(episode.artworkUrl, location.href).href, sizes: "512x512" }],
    });
  }, [session, episode]);

  useEffect(() => {
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => player.play()],
      ["pause", () => player.pause()],
      ["seekbackward", (details) => player.skip(-(details.seekOffset ?? SKIP_BACK))],
      ["seekforward", (details) => player.skip(details.seekOffset ?? SKIP_FORWARD)],
      ["seekto", (details) => player.seek(details.seekTime ?? 0)],
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
